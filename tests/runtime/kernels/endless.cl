// veriscan: inclusive threads=n
// A prefix sum whose loop never ends: `k` steps by 2 from 0 and waits for 1.
// The static proof passes (loops without barriers are assumed to terminate);
// only a time limit on the device run stops it.
__kernel void endless(__global const TYPE *in, __global TYPE *out) {
    const uint t = get_local_id(0);
    TYPE acc = IDENTITY;
    for (uint j = 0; j <= t; j++) {
        acc = OPERATOR(acc, in[j]);
    }
    for (uint k = 0; k != 1; k = (k + 2) % 4) {
        out[t] = acc;
    }
}
