// veriscan: inclusive threads=1
/* Each work-item scans four elements with results kept in private variables
 * before they are stored: the chained operators of one barrier interval land
 * on successive rows.  A scan for n = 4 only. */
__kernel void chained_private(__global const TYPE *in, __global TYPE *out)
{
    uint base = 0;
    TYPE a = in[base];
    TYPE b = OPERATOR(a, in[base + 1]);
    TYPE c = OPERATOR(b, in[base + 2]);
    out[base] = a;
    out[base + 1] = b;
    out[base + 2] = c;
    out[base + 3] = OPERATOR(c, in[base + 3]);
}
