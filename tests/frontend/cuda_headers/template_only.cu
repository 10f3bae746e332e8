template <typename T> __global__ void fill(T *a) { a[threadIdx.x] = T(1); }
