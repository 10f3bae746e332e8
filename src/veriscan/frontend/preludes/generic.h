/* veriscan generic-kernel placeholders, used when the caller does not define
 * TYPE / OPERATOR / IDENTITY.  The front end recognises the typedef name and
 * the two functions and lowers them to GENERIC values, GenericOp and
 * GenericIdentity, so the kernel is analysed for every monoid at once. */
#ifndef TYPE
typedef int __veriscan_generic_t;
#define TYPE __veriscan_generic_t
#endif
#ifndef OPERATOR
TYPE __veriscan_operator(TYPE a, TYPE b);
#define OPERATOR(a, b) __veriscan_operator((a), (b))
#endif
#ifndef IDENTITY
TYPE __veriscan_identity(void);
#define IDENTITY __veriscan_identity()
#endif
