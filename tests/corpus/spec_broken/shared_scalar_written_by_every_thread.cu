// expect: violation: write of flag[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 11
// truth: A __shared__ scalar is one cell of the block's shared memory, not a private
//        variable: every thread stores its own index into it at once (a race, which `veriscan
//        check --local-size 4` reports), and no thread was given permission on it.
/*@ requires Perm(a[threadIdx.x], write); @*/
__global__ void shared_flag(int *a)
{
    __shared__ int flag;
    flag = threadIdx.x;
    a[threadIdx.x] = flag;
}
