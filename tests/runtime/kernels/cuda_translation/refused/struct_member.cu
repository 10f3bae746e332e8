// refused: struct
struct pair { int a, b; };
__global__ void k(const int *in, int *out) {
  pair p;
  p.a = in[threadIdx.x];
  out[threadIdx.x] = p.a;
}
