/* veriscan's stub of <cooperative_groups.h>: the block and grid groups.
 *
 * A thread_block's sync() is the block barrier __syncthreads() and is
 * modelled as one; a grid_group's sync() waits for every block of the grid,
 * which the analysis does not model (calls to it are unsupported, so the
 * verdict is unknown).  The handles carry no state of their own. */
namespace cooperative_groups {
struct thread_block { void sync() const; };
struct grid_group { void sync() const; };
thread_block this_thread_block();
grid_group this_grid();
void synchronize(const thread_block &group);
void synchronize(const grid_group &group);
}
