/* Sheeran's monoid: lists of element indices under concatenation (the free
 * monoid), with a fixed capacity VS_LIST_CAP set by the includer.  A list that
 * would exceed the capacity becomes the absorbing "overflow" value (len =
 * 0xFFFF); a correct scan of n singletons never needs more than n entries, so
 * overflow is itself evidence of a wrong scan.  Unused entries are always
 * zero, so two equal lists are equal byte for byte (the host compares raw).
 */
#define VS_LIST_OVERFLOW ((ushort)0xFFFF)

typedef struct {
    ushort len;
    ushort item[VS_LIST_CAP];
} vs_list;

static inline vs_list vs_list_empty(void)
{
    vs_list r;
    r.len = 0;
    for (uint k = 0; k < VS_LIST_CAP; k++)
        r.item[k] = 0;
    return r;
}

/* noinline: PoCL 3.0 miscompiles this operator when it is inlined into a kernel
 * that keeps a vs_list in a private variable across a barrier (Kogge-Stone's
 * `left`): every work-item ends up with the last work-item's value.  Kept as a
 * call, the result is right (tests/functional cover Kogge-Stone with lists). */
__attribute__((noinline)) static vs_list vs_list_cat(vs_list a, vs_list b)
{
    vs_list r = vs_list_empty();
    if (a.len == VS_LIST_OVERFLOW || b.len == VS_LIST_OVERFLOW
        || (uint)a.len + (uint)b.len > VS_LIST_CAP) {
        r.len = VS_LIST_OVERFLOW;
        return r;
    }
    r.len = (ushort)(a.len + b.len);
    for (uint k = 0; k < a.len; k++)
        r.item[k] = a.item[k];
    for (uint k = 0; k < b.len; k++)
        r.item[a.len + k] = b.item[k];
    return r;
}

#define TYPE vs_list
#define OPERATOR(a, b) vs_list_cat((a), (b))
#define IDENTITY vs_list_empty()
