// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 6
// truth: the bit-field width (((TYPE)1.5) == 1) + 1 is 2 bits for integer TYPEs and 1 bit for floating ones, so p.bits = 2 reads back as 2 or 0 and floating TYPEs copy instead of combining (float max on 4 3 2 1 would give 4 3 2 1). CUDA is not run here.
struct probe { unsigned bits : (((TYPE)1.5) == 1) + 1; };

__global__ void scan(const TYPE *in, TYPE *out)
{
    struct probe p;
    p.bits = 2;
    TYPE acc = IDENTITY;
    for (unsigned k = 0; k < N; k++) {
        if (p.bits == 2)
            acc = OPERATOR(acc, in[k]);
        else
            acc = in[k];
        out[k] = acc;
    }
}
