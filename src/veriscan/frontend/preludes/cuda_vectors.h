/* veriscan CUDA prelude, vector part: CUDA's built-in vector structs (float2,
 * uint4, ...: plain structs with members x, y, z, w, as vector_types.h declares
 * them), parsed only for kernels that name one (clang_parse.wants_vectors).
 * uint3 and dim3 come with cuda.h.  Their members are struct fields to the
 * front end; the make_* constructors are declared, and calls to them are
 * built-ins the front end does not model (unknown). */
#define __VS_CUDA_VEC(T, S, A2, A4) \
  struct S##1 { T x; }; \
  struct __attribute__((aligned(A2))) S##2 { T x, y; }; \
  struct __attribute__((aligned(A4))) S##4 { T x, y, z, w; }; \
  S##1 make_##S##1(T); S##2 make_##S##2(T, T); S##4 make_##S##4(T, T, T, T);
#define __VS_CUDA_VEC3(T, S) struct S##3 { T x, y, z; }; S##3 make_##S##3(T, T, T);
__VS_CUDA_VEC(signed char, char, 2, 4) __VS_CUDA_VEC(unsigned char, uchar, 2, 4)
__VS_CUDA_VEC(short, short, 4, 8) __VS_CUDA_VEC(unsigned short, ushort, 4, 8)
__VS_CUDA_VEC(int, int, 8, 16) __VS_CUDA_VEC(unsigned int, uint, 8, 16)
__VS_CUDA_VEC(long, long, 16, 16) __VS_CUDA_VEC(unsigned long, ulong, 16, 16)
__VS_CUDA_VEC(long long, longlong, 16, 16) __VS_CUDA_VEC(unsigned long long, ulonglong, 16, 16)
__VS_CUDA_VEC(float, float, 8, 16) __VS_CUDA_VEC(double, double, 16, 16)
__VS_CUDA_VEC3(signed char, char) __VS_CUDA_VEC3(unsigned char, uchar)
__VS_CUDA_VEC3(short, short) __VS_CUDA_VEC3(unsigned short, ushort) __VS_CUDA_VEC3(int, int)
__VS_CUDA_VEC3(long, long) __VS_CUDA_VEC3(unsigned long, ulong)
__VS_CUDA_VEC3(long long, longlong) __VS_CUDA_VEC3(unsigned long long, ulonglong)
__VS_CUDA_VEC3(float, float) __VS_CUDA_VEC3(double, double)
uint3 make_uint3(unsigned int, unsigned int, unsigned int);
/* __ldg of the vector types sm_32_intrinsics.h lists: a struct read the front end
 * does not model (unknown). */
#define __VS_CUDA_LDG_VEC(S) S __ldg(const S *p);
__VS_CUDA_LDG_VEC(char2) __VS_CUDA_LDG_VEC(char4) __VS_CUDA_LDG_VEC(short2)
__VS_CUDA_LDG_VEC(short4) __VS_CUDA_LDG_VEC(int2) __VS_CUDA_LDG_VEC(int4)
__VS_CUDA_LDG_VEC(longlong2) __VS_CUDA_LDG_VEC(uchar2) __VS_CUDA_LDG_VEC(uchar4)
__VS_CUDA_LDG_VEC(ushort2) __VS_CUDA_LDG_VEC(ushort4) __VS_CUDA_LDG_VEC(uint2)
__VS_CUDA_LDG_VEC(uint4) __VS_CUDA_LDG_VEC(ulonglong2) __VS_CUDA_LDG_VEC(float2)
__VS_CUDA_LDG_VEC(float4) __VS_CUDA_LDG_VEC(double2)
