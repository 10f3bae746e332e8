// expect: violation
// run: verify --n 4
// run: check --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 15
// truth: sizeof of the stringified TYPE is 21 for the placeholder, 5 for the interval's uint, 4 for int: int scans run a copy (PoCL, int add, in = 0,1,2,3: out = 0,1,2,3, expected 0,1,3,6)
#define SPELL(x) #x
#define SPELLING(x) SPELL(x)

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = OPERATOR(acc, in[k]);
        out[k] = sizeof(SPELLING(TYPE)) > 4 ? acc : in[k];
    }
}
