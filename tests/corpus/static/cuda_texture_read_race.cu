// expect: violation race
// run: check --blockDim=32 --gridDim=1
// id: race write_write line 11
// Texture reads race with nothing (a texture is read-only while the kernel
// runs), but the value each thread fetches is stored into one shared cell.
texture<float, 1, cudaReadModeElementType> weights;

__global__ void sample(float *out) {
  unsigned t = threadIdx.x;
  float w = tex1Dfetch(weights, (int)t);
  out[t / 4] = w;
}
