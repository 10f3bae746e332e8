// expect: violation: the preconditions give a permission outside the buffer data, at or past data[\pointer_length(data)]
// run: spec
// id: spec.entry_permissions outside_extent line 9
// reason: A CUDA pointer argument may point into an allocation's middle, but its
// stated length still ends it: \pointer_length(data) == n with n threads, and thread
// t is given data[t + 1], so the last thread's cell is past the end.
/*@ context_everywhere n == blockDim.x;
    requires \pointer_length(data) == n;
    requires Perm(data[threadIdx.x + 1], write);
    ensures Perm(data[threadIdx.x + 1], write); @*/
__global__ void shift_up(int *data, int n)
{
    data[threadIdx.x + 1] = threadIdx.x;
}
