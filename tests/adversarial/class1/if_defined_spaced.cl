// expect: violation
// run: verify --n 4
// run: check --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 13
// truth: `#  if defined(...)` on the list and interval monoids' macros picks a running sum for them and a copy for every other monoid (PoCL, int add, in = 0,1,2,3: out = 0,1,2,3, expected 0,1,3,6)
#define KEEPS_ORDER (defined(VS_LIST_CAP) || defined(VS_IV_LO))

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
#  if KEEPS_ORDER
        acc = OPERATOR(acc, in[k]);
        out[k] = acc;
#  else
        out[k] = in[k];
#  endif
    }
}
