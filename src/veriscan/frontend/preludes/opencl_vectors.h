/* veriscan OpenCL C prelude, vector part: the vector types and the built-ins
 * on them.  Parsed after opencl.h, and only for kernels that name a vector type
 * or a vector built-in (clang_parse.wants_vectors): its ~2000 declarations
 * would otherwise cost every parse tens of milliseconds. */
/* Vector types (OpenCL C 6.1.2) as clang's ext_vector_type, which gives them
 * components (.x .s0 .lo .even), swizzles, literals and component-wise
 * operators; the front end lowers a vector to one scalar per lane. */
#define __VS_VECTORS(T) \
  typedef T T##2 __attribute__((ext_vector_type(2))); \
  typedef T T##3 __attribute__((ext_vector_type(3))); \
  typedef T T##4 __attribute__((ext_vector_type(4))); \
  typedef T T##8 __attribute__((ext_vector_type(8))); \
  typedef T T##16 __attribute__((ext_vector_type(16)));
__VS_VECTORS(char) __VS_VECTORS(uchar) __VS_VECTORS(short) __VS_VECTORS(ushort)
__VS_VECTORS(int) __VS_VECTORS(uint) __VS_VECTORS(long) __VS_VECTORS(ulong)
__VS_VECTORS(float) __VS_VECTORS(double)

/* One declaration per element type and width: F(T, N) for the 5 widths. */
#define __VS_WIDTHS(F, T) F(T, 2) F(T, 3) F(T, 4) F(T, 8) F(T, 16)
#define __VS_EACH_VECTOR(F) __VS_WIDTHS(F, char) __VS_WIDTHS(F, uchar) \
  __VS_WIDTHS(F, short) __VS_WIDTHS(F, ushort) __VS_WIDTHS(F, int) __VS_WIDTHS(F, uint) \
  __VS_WIDTHS(F, long) __VS_WIDTHS(F, ulong) __VS_WIDTHS(F, float) __VS_WIDTHS(F, double)

/* vloadN / vstoreN (6.12.7): N packed scalars at p + offset * N. */
#define __VS_VLOAD(T, N) \
  T##N __VS_OVL vload##N(size_t, const __global T *); \
  T##N __VS_OVL vload##N(size_t, const __local T *); \
  T##N __VS_OVL vload##N(size_t, const __constant T *); \
  T##N __VS_OVL vload##N(size_t, const __private T *); \
  void __VS_OVL vstore##N(T##N, size_t, __global T *); \
  void __VS_OVL vstore##N(T##N, size_t, __local T *); \
  void __VS_OVL vstore##N(T##N, size_t, __private T *);
__VS_EACH_VECTOR(__VS_VLOAD)

/* Component-wise built-ins on vectors (the scalar forms are declared above). */
#define __VS_VECTOR_MINMAX(T, N) \
  T##N __VS_OVL min(T##N, T##N); T##N __VS_OVL min(T##N, T); \
  T##N __VS_OVL max(T##N, T##N); T##N __VS_OVL max(T##N, T); \
  T##N __VS_OVL clamp(T##N, T##N, T##N); T##N __VS_OVL clamp(T##N, T, T);
__VS_EACH_VECTOR(__VS_VECTOR_MINMAX)
#define __VS_VECTOR_INT(T, N) u##T##N __VS_OVL abs(T##N); u##T##N __VS_OVL abs(u##T##N); \
  int __VS_OVL any(T##N); int __VS_OVL all(T##N);
__VS_WIDTHS(__VS_VECTOR_INT, char) __VS_WIDTHS(__VS_VECTOR_INT, short)
__VS_WIDTHS(__VS_VECTOR_INT, int) __VS_WIDTHS(__VS_VECTOR_INT, long)
#define __VS_VECTOR_FLOAT(T, N) \
  T##N __VS_OVL sqrt(T##N); T##N __VS_OVL exp(T##N); T##N __VS_OVL log(T##N); \
  T##N __VS_OVL fabs(T##N); T##N __VS_OVL floor(T##N); T##N __VS_OVL ceil(T##N); \
  T##N __VS_OVL sin(T##N); T##N __VS_OVL cos(T##N); T##N __VS_OVL rsqrt(T##N); \
  T##N __VS_OVL fmin(T##N, T##N); T##N __VS_OVL fmin(T##N, T); \
  T##N __VS_OVL fmax(T##N, T##N); T##N __VS_OVL fmax(T##N, T); \
  T##N __VS_OVL pow(T##N, T##N); T##N __VS_OVL pown(T##N, int##N); \
  T##N __VS_OVL mad(T##N, T##N, T##N);
__VS_WIDTHS(__VS_VECTOR_FLOAT, float) __VS_WIDTHS(__VS_VECTOR_FLOAT, double)
float __VS_OVL pown(float, int); double __VS_OVL pown(double, int);

/* Geometric functions (6.12.5) on float and double vectors of 2, 3 or 4 lanes. */
#define __VS_GEOMETRIC(T, N) \
  T __VS_OVL dot(T##N, T##N); T __VS_OVL length(T##N); T __VS_OVL distance(T##N, T##N); \
  T##N __VS_OVL normalize(T##N); T __VS_OVL fast_length(T##N); \
  T __VS_OVL fast_distance(T##N, T##N); T##N __VS_OVL fast_normalize(T##N);
#define __VS_GEOMETRIC_ALL(T) __VS_GEOMETRIC(T, 2) __VS_GEOMETRIC(T, 3) __VS_GEOMETRIC(T, 4) \
  T##3 __VS_OVL cross(T##3, T##3); T##4 __VS_OVL cross(T##4, T##4);
__VS_GEOMETRIC_ALL(float) __VS_GEOMETRIC_ALL(double)

/* select(a, b, c): b where c's top bit is set, else a; shuffle/shuffle2 (6.12.12). */
#define __VS_SELECT_BY(T, N, S, U) \
  T##N __VS_OVL select(T##N, T##N, S##N); T##N __VS_OVL select(T##N, T##N, U##N);
#define __VS_SELECT_8(T, N) __VS_SELECT_BY(T, N, char, uchar)
#define __VS_SELECT_16(T, N) __VS_SELECT_BY(T, N, short, ushort)
#define __VS_SELECT_32(T, N) __VS_SELECT_BY(T, N, int, uint)
#define __VS_SELECT_64(T, N) __VS_SELECT_BY(T, N, long, ulong)
__VS_WIDTHS(__VS_SELECT_8, char) __VS_WIDTHS(__VS_SELECT_8, uchar)
__VS_WIDTHS(__VS_SELECT_16, short) __VS_WIDTHS(__VS_SELECT_16, ushort)
__VS_WIDTHS(__VS_SELECT_32, int) __VS_WIDTHS(__VS_SELECT_32, uint)
__VS_WIDTHS(__VS_SELECT_32, float) __VS_WIDTHS(__VS_SELECT_64, long)
__VS_WIDTHS(__VS_SELECT_64, ulong) __VS_WIDTHS(__VS_SELECT_64, double)
#define __VS_SHUFFLE_TO(T, M, U, N) \
  T##N __VS_OVL shuffle(T##M, U##N); T##N __VS_OVL shuffle2(T##M, T##M, U##N);
#define __VS_SHUFFLE_FROM(T, U, M) __VS_SHUFFLE_TO(T, M, U, 2) __VS_SHUFFLE_TO(T, M, U, 4) \
  __VS_SHUFFLE_TO(T, M, U, 8) __VS_SHUFFLE_TO(T, M, U, 16)
#define __VS_SHUFFLE(T, U) __VS_SHUFFLE_FROM(T, U, 2) __VS_SHUFFLE_FROM(T, U, 4) \
  __VS_SHUFFLE_FROM(T, U, 8) __VS_SHUFFLE_FROM(T, U, 16)
__VS_SHUFFLE(char, uchar) __VS_SHUFFLE(uchar, uchar) __VS_SHUFFLE(short, ushort)
__VS_SHUFFLE(ushort, ushort) __VS_SHUFFLE(int, uint) __VS_SHUFFLE(uint, uint)
__VS_SHUFFLE(long, ulong) __VS_SHUFFLE(ulong, ulong) __VS_SHUFFLE(float, uint)
__VS_SHUFFLE(double, ulong)

/* upsample of vectors (6.12.3), lane by lane. */
#define __VS_UPSAMPLE(N) \
  short##N __VS_OVL upsample(char##N, uchar##N); ushort##N __VS_OVL upsample(uchar##N, uchar##N); \
  int##N __VS_OVL upsample(short##N, ushort##N); uint##N __VS_OVL upsample(ushort##N, ushort##N); \
  long##N __VS_OVL upsample(int##N, uint##N); ulong##N __VS_OVL upsample(uint##N, uint##N);
__VS_UPSAMPLE(2) __VS_UPSAMPLE(3) __VS_UPSAMPLE(4) __VS_UPSAMPLE(8) __VS_UPSAMPLE(16)

/* convert_T / convert_TN (6.2.3) without rounding or saturation modifiers. */
#define __VS_CONVERT_ONE(T, N) \
  T##N __VS_OVL convert_##T##N(char##N); T##N __VS_OVL convert_##T##N(uchar##N); \
  T##N __VS_OVL convert_##T##N(short##N); T##N __VS_OVL convert_##T##N(ushort##N); \
  T##N __VS_OVL convert_##T##N(int##N); T##N __VS_OVL convert_##T##N(uint##N); \
  T##N __VS_OVL convert_##T##N(long##N); T##N __VS_OVL convert_##T##N(ulong##N); \
  T##N __VS_OVL convert_##T##N(float##N); T##N __VS_OVL convert_##T##N(double##N);
__VS_EACH_VECTOR(__VS_CONVERT_ONE)
#define __VS_CONVERT_SCALAR(T) \
  T __VS_OVL convert_##T(char); T __VS_OVL convert_##T(uchar); T __VS_OVL convert_##T(short); \
  T __VS_OVL convert_##T(ushort); T __VS_OVL convert_##T(int); T __VS_OVL convert_##T(uint); \
  T __VS_OVL convert_##T(long); T __VS_OVL convert_##T(ulong); T __VS_OVL convert_##T(float); \
  T __VS_OVL convert_##T(double);
__VS_CONVERT_SCALAR(char) __VS_CONVERT_SCALAR(uchar) __VS_CONVERT_SCALAR(short)
__VS_CONVERT_SCALAR(ushort) __VS_CONVERT_SCALAR(int) __VS_CONVERT_SCALAR(uint)
__VS_CONVERT_SCALAR(long) __VS_CONVERT_SCALAR(ulong) __VS_CONVERT_SCALAR(float)
__VS_CONVERT_SCALAR(double)

/* as_TN: reinterpretation between vectors of one width and element size (opaque lanes). */
#define __VS_AS_8(T, N) T##N __VS_OVL as_##T##N(char##N); T##N __VS_OVL as_##T##N(uchar##N);
#define __VS_AS_16(T, N) T##N __VS_OVL as_##T##N(short##N); T##N __VS_OVL as_##T##N(ushort##N);
#define __VS_AS_32(T, N) T##N __VS_OVL as_##T##N(int##N); T##N __VS_OVL as_##T##N(uint##N); \
  T##N __VS_OVL as_##T##N(float##N);
#define __VS_AS_64(T, N) T##N __VS_OVL as_##T##N(long##N); T##N __VS_OVL as_##T##N(ulong##N); \
  T##N __VS_OVL as_##T##N(double##N);
__VS_WIDTHS(__VS_AS_8, char) __VS_WIDTHS(__VS_AS_8, uchar) __VS_WIDTHS(__VS_AS_16, short)
__VS_WIDTHS(__VS_AS_16, ushort) __VS_WIDTHS(__VS_AS_32, int) __VS_WIDTHS(__VS_AS_32, uint)
__VS_WIDTHS(__VS_AS_32, float) __VS_WIDTHS(__VS_AS_64, long) __VS_WIDTHS(__VS_AS_64, ulong)
__VS_WIDTHS(__VS_AS_64, double)

/* Async copies of vectors (declared once the vector types exist). */
#define __VS_ASYNC_VECTOR(T, N) __VS_ASYNC(T##N)
__VS_EACH_VECTOR(__VS_ASYNC_VECTOR)
