/* veriscan generic-kernel placeholders.  The kernel text clang reads is its
 * one preprocessing (frontend/preprocess.py), in which TYPE, OPERATOR and
 * IDENTITY are bare names; here they become a typedef and two functions the
 * front end recognises and lowers to GENERIC values, GenericOp and
 * GenericIdentity, so the kernel is analysed for every monoid at once.  A
 * kernel that names anything declared here other than the three is reported
 * as not generic. */
typedef int __veriscan_generic_t;
#define TYPE __veriscan_generic_t
TYPE __veriscan_operator(TYPE a, TYPE b);
#define OPERATOR(a, b) __veriscan_operator((a), (b))
TYPE __veriscan_identity(void);
#define IDENTITY __veriscan_identity()
