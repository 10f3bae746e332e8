// expect: violation race
// run: check --blockDim=16 --gridDim=1 --kernel 'pack<unsigned char>'
// id: race write_write line 10
// The instance's own types are analysed: with T = unsigned char, t * 32 wraps
// at 256, so threads 0 and 8 both compute slot 0 (with T = unsigned int every
// thread has its own slot).
template <typename T>
__global__ void pack(int *slots) {
  T wide = (T)(threadIdx.x * 32);
  slots[wide / 32] = threadIdx.x;
}
