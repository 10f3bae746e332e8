// expect: unknown
// run: check --blockDim=4 --gridDim=1 --assume-pure-calls
// id: execution unsupported_construct line 9
// Passing a struct by value calls its (implicit) copy constructor, a call the
// front end does not model: unknown, named as a constructor call, not as a
// call through a function pointer.
struct s { int a; };
__device__ void bar(s x);
__global__ void foo(s *x) { bar(x[0]); }
