const g=require("graphql");
const {validateSDL}=require("graphql/validation/validate");
const fs=require("fs");
const cases=JSON.parse(fs.readFileSync("cases.json","utf8"));
const out=[];
for (const c of cases) {
  if (c.sdl.includes("oneOf")) continue;
  let doc;
  const r={file:c.file,title:c.title,sdl:c.sdl};
  try { doc=g.parse(c.sdl); } catch(e) { r.syntax=e.message; r.errors=[{message:e.message,locations:e.locations}]; out.push(r); continue; }
  if (doc.definitions.some(d=>d.kind==="OperationDefinition"||d.kind==="FragmentDefinition")) continue;
  const sdlErrors=validateSDL(doc);
  if (sdlErrors.length) { r.sdlErrors=sdlErrors.map(e=>({message:e.message,locations:e.locations||[]})); out.push(r); continue; }
  let schema;
  try { schema=g.buildASTSchema(doc,{assumeValidSDL:true}); } catch(e) { r.buildThrows=e.message; out.push(r); continue; }
  r.schemaErrors=g.validateSchema(schema).map(e=>({message:e.message,locations:e.locations||[]}));
  try { r.printed=g.printSchema(schema); } catch(e) { r.printThrows=e.message; }
  out.push(r);
}
fs.writeFileSync("oracle.json", JSON.stringify(out,null,1));
const k={}; for (const r of out){ const t=r.syntax?"syntax":r.sdlErrors?"sdl":r.buildThrows?"throws":"schema"; k[t]=(k[t]||0)+1;}
console.log(out.length, k);
