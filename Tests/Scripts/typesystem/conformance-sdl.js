const g=require("graphql");const {validateSDL}=require("graphql/validation/validate");const fs=require("fs");
const lines=fs.readFileSync("/work/shared/conformance/print/cases.jsonl","utf8").split("\n").filter(Boolean);
const out=[];
for (const l of lines){const c=JSON.parse(l); if(c.expected_error) continue; let d; try{d=g.parse(c.document);}catch(e){continue;}
 if (d.definitions.some(x=>x.kind==="OperationDefinition"||x.kind==="FragmentDefinition")) continue;
 const r={id:c.id};
 const se=validateSDL(d); if(se.length){r.errors=se.map(e=>e.message+" @ "+(e.locations||[]).map(l=>l.line+":"+l.column).join(", "));}
 else { try{const s=g.buildASTSchema(d,{assumeValidSDL:true}); r.errors=g.validateSchema(s).map(e=>e.message+((e.locations||[]).length?" @ "+(e.locations||[]).map(l=>l.line+":"+l.column).join(", "):"")); try{r.printed=g.printSchema(s);}catch(e){r.printThrows=e.message}}catch(e){r.throws=e.message;} }
 r.sdl=true; out.push(r);}
const o={};for(const r of out){o[r.id]=r.errors||[];}
fs.writeFileSync(process.argv[2]||"conformance-sdl-errors.json",JSON.stringify(o,null,1)+"\n");console.log(out.length);
