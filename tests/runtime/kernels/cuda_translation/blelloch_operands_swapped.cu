// veriscan: exclusive threads=n/2
// Broken on purpose: Blelloch's down-sweep combines the left subtree's sum
// before the prefix (OPERATOR(carried, tree[right])), right for commutative
// operators only.  Race-free and generic; the interval monoid, which is not
// commutative, exposes it through the OpenCL C translation.
__global__ void blelloch_operands_swapped(const TYPE *in, TYPE *out) {
  __shared__ TYPE tree[N];
  const unsigned int tid = threadIdx.x;
  tree[2 * tid] = in[2 * tid];
  tree[2 * tid + 1] = in[2 * tid + 1];
  unsigned int stride = 1;
  for (unsigned int active = N / 2; active > 0; active /= 2) {
    __syncthreads();
    if (tid < active) {
      const unsigned int left = stride * (2 * tid + 1) - 1;
      const unsigned int right = stride * (2 * tid + 2) - 1;
      tree[right] = OPERATOR(tree[left], tree[right]);
    }
    stride *= 2;
  }
  if (tid == 0) {
    tree[N - 1] = IDENTITY;
  }
  for (unsigned int active = 1; active < N; active *= 2) {
    stride /= 2;
    __syncthreads();
    if (tid < active) {
      const unsigned int left = stride * (2 * tid + 1) - 1;
      const unsigned int right = stride * (2 * tid + 2) - 1;
      const TYPE carried = tree[left];
      tree[left] = tree[right];
      tree[right] = OPERATOR(carried, tree[right]);
    }
  }
  __syncthreads();
  out[2 * tid] = tree[2 * tid];
  out[2 * tid + 1] = tree[2 * tid + 1];
}
