// expect: violation-or-unknown
// run: check --local-size 64 --num-groups 2
// id: race write_write line 9
// truth: p.blockIdx.x is a field of the kernel's own argument, not CUDA's blockIdx: the host passes the same value to every block, so blocks 0 and 1 both write out[p.blockIdx.x * 64 + t] (an inter-block race); a front end that takes any '.x' of something spelled blockIdx for the built-in sees distinct cells
struct Launch { uint3 blockIdx; int unused; };

__global__ void k(int *out, Launch p)
{
    out[p.blockIdx.x * 64 + threadIdx.x] = (int)threadIdx.x;
}
