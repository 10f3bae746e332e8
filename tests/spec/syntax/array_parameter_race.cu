/*@ context_everywhere n == blockDim.x;
    requires Perm(a[threadIdx.x], write); @*/
__global__ void k(int a[], int n) {
    a[(threadIdx.x + 1) % n] = 1;
}
