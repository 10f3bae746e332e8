/* veriscan OpenCL C prelude, conversions with modifiers (6.2.3.2, 6.2.3.3):
 * convert_T[N]_sat, convert_T[N]_rte/_rtz/_rtp/_rtn and convert_T[N]_sat_rtX.
 * Parsed after opencl_vectors.h, and only for kernels that name such a
 * conversion (clang_parse.wants_conversions): they are ~5000 declarations.
 * Between integer types the front end computes them exactly (saturation
 * clamps, a rounding mode changes nothing); from or to a floating type they
 * are uninterpreted functions of their argument. */
#define __VS_CONV_FROM(T, N, M) \
  T##N __VS_OVL convert_##T##N##M(char##N); T##N __VS_OVL convert_##T##N##M(uchar##N); \
  T##N __VS_OVL convert_##T##N##M(short##N); T##N __VS_OVL convert_##T##N##M(ushort##N); \
  T##N __VS_OVL convert_##T##N##M(int##N); T##N __VS_OVL convert_##T##N##M(uint##N); \
  T##N __VS_OVL convert_##T##N##M(long##N); T##N __VS_OVL convert_##T##N##M(ulong##N); \
  T##N __VS_OVL convert_##T##N##M(float##N); T##N __VS_OVL convert_##T##N##M(double##N);
#define __VS_CONV_ROUNDED(T, N, S) __VS_CONV_FROM(T, N, S##_rte) \
  __VS_CONV_FROM(T, N, S##_rtz) __VS_CONV_FROM(T, N, S##_rtp) __VS_CONV_FROM(T, N, S##_rtn)
/* Integer destinations: every modifier; floating ones: rounding only. */
#define __VS_CONV_INT(T, N) __VS_CONV_FROM(T, N, _sat) __VS_CONV_ROUNDED(T, N, ) \
  __VS_CONV_ROUNDED(T, N, _sat)
#define __VS_CONV_FLOAT(T, N) __VS_CONV_ROUNDED(T, N, )
#define __VS_CONV_WIDTHS(F, T) F(T, ) F(T, 2) F(T, 3) F(T, 4) F(T, 8) F(T, 16)
__VS_CONV_WIDTHS(__VS_CONV_INT, char) __VS_CONV_WIDTHS(__VS_CONV_INT, uchar)
__VS_CONV_WIDTHS(__VS_CONV_INT, short) __VS_CONV_WIDTHS(__VS_CONV_INT, ushort)
__VS_CONV_WIDTHS(__VS_CONV_INT, int) __VS_CONV_WIDTHS(__VS_CONV_INT, uint)
__VS_CONV_WIDTHS(__VS_CONV_INT, long) __VS_CONV_WIDTHS(__VS_CONV_INT, ulong)
__VS_CONV_WIDTHS(__VS_CONV_FLOAT, float) __VS_CONV_WIDTHS(__VS_CONV_FLOAT, double)
