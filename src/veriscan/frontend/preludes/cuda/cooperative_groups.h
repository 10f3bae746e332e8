/* veriscan's stub of <cooperative_groups.h>: the block and grid groups.
 *
 * A thread_block's sync() is the block barrier __syncthreads() and is
 * modelled as one, with thread_rank() and size(); a grid_group's sync() waits
 * for every block of the grid, which the analysis does not model (any call on
 * one is unsupported, so the verdict is unknown).  The handles carry no state
 * of their own (frontend/cooperative.py). */
namespace cooperative_groups {
struct thread_block {
  void sync() const;
  unsigned long long thread_rank() const;
  unsigned long long size() const;
};
struct grid_group {
  void sync() const;
  unsigned long long thread_rank() const;
  unsigned long long size() const;
};
thread_block this_thread_block();
grid_group this_grid();
void synchronize(const thread_block &group);
void synchronize(const grid_group &group);
}
