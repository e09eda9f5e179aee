#!/usr/bin/env python3
"""Developer tool: assemble the program text of reference stems and show where
our bytes differ from the .ref.isa (first differing table, or the code offset).

    python tools/ref_diff.py ../shared/golden/*.ref.isa [-v]
"""
import sys, collections
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / 'shared' / 'tools'))
from corpus_check import program_text, gen_blobs
from visa.encode import assemble
from visa.binary import objfile as o
verbose = '-v' in sys.argv
files=[a for a in sys.argv[1:] if not a.startswith('-')]
stats=collections.Counter(); reasons=collections.Counter()
for f in files:
    p=Path(f); stem=p.with_suffix('').with_suffix('') if f.endswith('.ref.isa') else p.with_suffix('')
    ref=open(str(stem)+'.ref.isa','rb').read()
    try:
        out=assemble(program_text(stem), gen_binaries=gen_blobs(ref))
    except Exception as e:
        stats["err"]+=1; import re as _re; reasons[_re.sub(r"^.*?error: ", "", str(e).split("\n")[0])[:90]]+=1; continue
    if out==ref: stats['ok']+=1; continue
    stats['diff']+=1
    a=o.read(out); b=o.read(ref)
    for ka,kb in zip(list(a.kernels)+list(a.functions), list(b.kernels)+list(b.functions)):
        oa,ob=ka.obj,kb.obj
        for fld in ('strings','variables','addresses','predicates','labels','samplers','surfaces','inputs','attributes','code'):
            x,y=getattr(oa,fld),getattr(ob,fld)
            if x!=y:
                if fld=='code':
                    i=next((i for i in range(min(len(x),len(y))) if x[i]!=y[i]), min(len(x),len(y)))
                    reasons["code"]+=1
                    if verbose: print(stem.name, "code differs at", i, "of", len(y), "ours", x[max(0,i-12):i+20].hex(), "ref", y[max(0,i-12):i+20].hex())
                else:
                    reasons[fld]+=1
                    if verbose:
                        d=[(i,p,q) for i,(p,q) in enumerate(zip(x,y)) if p!=q][:2]
                        print(stem.name, fld, len(x), len(y), d)
                break
        else:
            continue
        break
print(dict(stats)); 
for r,c in reasons.most_common(40): print(c, r)
