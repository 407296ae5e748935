import re, json, sys, os
cases=[]
seen=set()
for fname in ['validation-test.ts','buildASTSchema-test.ts','printSchema-test.ts','extendSchema-test.ts','schema-test.ts']:
    src=open('src/'+fname).read()
    # find it(...) titles with positions
    its=[(m.start(), m.group(2)) for m in re.finditer(r"\bit\((['`\"])(.*?)\1", src)]
    for m in re.finditer(r'(buildSchema\(|dedent|cycleSDL\(|parse\()\s*`((?:[^`\\]|\\.)*)`', src):
        body=m.group(2)
        if '${' in body: continue
        # unescape JS template escapes: \\ -> \ , \` -> `
        body=body.replace('\\`','`').replace('\\\\','\\')
        if body.strip()=='' : continue
        title=''
        for pos,t in its:
            if pos < m.start(): title=t
        key=body
        if key in seen: continue
        seen.add(key)
        cases.append({'file':fname,'title':title,'kind':m.group(1),'sdl':body})
json.dump(cases, open('cases.json','w'), indent=1)
print(len(cases))
from collections import Counter
print(Counter(c['file'] for c in cases))
