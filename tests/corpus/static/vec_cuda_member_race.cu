// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race write_write line 8
// CUDA's float4 is a struct of x, y, z, w (no include needed, as with nvcc):
// work-items 2k and 2k+1 both write member z of p[k].
__global__ void halves(float4 *p) {
  int i = threadIdx.x;
  p[i / 2].z = (float)i;
}
