/* Batched launches: one independent scan per work group.  The kernel's body is
 * re-hosted in a launcher that first moves `in` and `out` to the group's own
 * slice; then the kernel is made to see a single-group world, so a kernel
 * written with get_global_id (equal to get_local_id for one group) behaves
 * the same.  The offset helper is defined before the renames take effect. */
static inline ulong vs_batch_offset(void)
{
    return (ulong)get_group_id(0) * (ulong)N;
}

#define get_group_id(dim) ((size_t)0)
#define get_num_groups(dim) ((size_t)1)
#define get_global_id(dim) get_local_id(dim)
#define get_global_size(dim) get_local_size(dim)
#define get_global_offset(dim) ((size_t)0)
