const g=require("graphql");
const fs=require("fs");
const sdl=fs.readFileSync(process.argv[2],"utf8");
const s=g.buildSchema(sdl);
const errs=g.validateSchema(s);
if (errs.length) console.error(errs.map(e=>e.message).join("\n"));
process.stdout.write(g.printSchema(s));
