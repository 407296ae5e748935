import json, re, os
cases=json.load(open('oracle.json'))
def loc(e):
    ls=e.get('locations') or []
    return e['message'] + ((' @ ' + ', '.join('%d:%d'%(l['line'],l['column']) for l in ls)) if ls else '')
def raw(s):
    assert '"##' not in s
    return '##"' + s + '"##'
def rawml(s):
    assert '"""##' not in s
    return '##"""\n' + s + '\n"""##'
files={}
for c in cases:
    files.setdefault(c['file'],[]).append(c)
classnames={'validation-test.ts':'SchemaValidationCasesTests','buildASTSchema-test.ts':'BuildASTSchemaCasesTests',
 'printSchema-test.ts':'PrintSchemaCasesTests','extendSchema-test.ts':'ExtendSchemaCasesTests','schema-test.ts':'SchemaCasesTests'}
for f,cs in files.items():
    cls=classnames[f]
    out=['// Cases adapted from graphql-js 16 `%s` (its SDL inputs); the expected' % f,
         '// errors and printed SDL are what graphql-js 16.6 produces for them.',
         '// Generated once by Tests/Scripts/typesystem/gen-cases.sh; edit by hand from here on.',
         'import XCTest', '@testable import GraphQL', '',
         'final class %s: XCTestCase {' % cls]
    used=set()
    for i,c in enumerate(cs):
        name=re.sub(r'[^A-Za-z0-9]+','_',c['title']).strip('_') or 'case'
        name=name[:80]
        n='test%03d_%s'%(i,name)
        out.append('    func %s() {' % n)
        out.append('        let sdl = ' + rawml(c['sdl']).replace('\n','\n') )
        if c.get('syntax') or c.get('sdlErrors'):
            errs=c.get('sdlErrors') or c['errors']
            out.append('        expectBuildErrors(sdl, [')
            for e in errs: out.append('            ' + raw(loc(e)) + ',')
            out.append('        ])')
        else:
            out.append('        expectSchema(sdl, errors: [')
            for e in c['schemaErrors']: out.append('            ' + raw(loc(e)) + ',')
            if 'printed' in c:
                out.append('        ], printed: ' + rawml(c['printed']) + ')')
            else:
                out.append('        ], printed: nil)')
        out.append('    }')
        out.append('')
    out.append('}')
    open(os.path.join(os.environ.get('OUT', '.'), '%s.swift' % cls),'w').write('\n'.join(out)+'\n')
    print(cls, len(cs))
