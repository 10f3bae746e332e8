"""Stable ids for every violation and unknown: what was not established, and why.

People script against a checker (CI gates, dashboards, suppressions), and a
sentence is no interface: its wording improves from release to release.  So
every verdict that is not ``verified`` carries two ids, as Nagini's
``error.reason`` pairs do:

* the *error id* names the property or proof obligation that failed or was
  not decided (``race``, ``spec.barrier_redistribution``);
* the *reason id* names why (``write_write``, ``permission_not_handed_in``,
  ``solver_gave_up``).

The ids below are the whole vocabulary, documented once (the README's table is
generated from these dictionaries and a test keeps the two equal); an id is
never renamed or reused for another meaning.  A verdict built with an id not
listed here is a bug in veriscan, caught the moment it is made.
"""

from __future__ import annotations

ERRORS: dict[str, str] = {
    # veriscan check: the race checker's properties
    "race": "two work-items access one location, at least one of them writes, and no "
            "barrier orders them (or one access is atomic and the other is not)",
    "divergence": "a barrier that some but not all work-items of a group reach",
    "bounds": "an access, or pointer arithmetic, outside its array or buffer",
    "initialisation": "a read of local or private memory that no write reached",
    "undefined": "an operation C leaves undefined (signed overflow, division by zero, "
                 "shift count, conversion out of range, unassigned variable)",
    "assertion": "a kernel assertion (GPUVerify's __assert) that can fail",
    "assumption": "the assumptions the check was given or found in the kernel",
    "execution": "the symbolic execution of the kernel as a whole",
    "genericity": "the kernel treats TYPE as opaque (the interval test's premise)",
    "parametric": "one proof for every power-of-two size at once",
    # functional verification and the library
    "output": "the kernel's or pipeline's output is the scan it claims to compute "
              "(interval, Sheeran and Voigtländer tests, circuit simulation, Dask)",
    "dynamic": "Oclgrind's run of the kernel (races and invalid accesses it observed)",
    "verification": "the verification run as a whole (sizes to run, proofs to cite)",
    # veriscan spec: the separation-logic checker's proof obligations
    "spec.entry_permissions": "the threads' kernel preconditions together: at most one "
                              "full permission per location, inside its array",
    "spec.read_permission": "a read of shared memory needs a permission on the cell",
    "spec.write_permission": "a write of shared memory needs the full permission on the cell",
    "spec.framing": "a fact about memory needs a permission on the cells it reads",
    "spec.barrier_precondition": "the facts a barrier requires hold when a thread reaches it",
    "spec.barrier_resources": "the permissions a barrier requires are held when a thread "
                              "reaches it",
    "spec.barrier_redistribution": "what a barrier hands out is covered by what the "
                                   "threads handed in, in the memory spaces it fences",
    "spec.barrier_postcondition": "a barrier's postcondition follows from all threads' "
                                  "preconditions",
    "spec.postcondition": "the kernel's postcondition holds at its end",
    "spec.loop_invariant_entry": "a loop invariant holds when the loop is entered",
    "spec.loop_invariant_preserved": "a loop invariant holds again after each iteration",
    "spec.loop_termination": "every loop ends",
    "spec.assert": "an annotated assertion holds where it stands",
    "spec.bounds": "an access of a private array stays inside it",
    "spec.pointer": "pointer arithmetic stays inside its buffer",
    "spec.undefined_behaviour": "the code's operations are defined in C",
    "spec.well_defined_annotation": "an annotation has a value (no division by zero, no "
                                    "negative shift count in it)",
    "spec.vacuity": "the specification can hold: no unsatisfiable precondition, no fact "
                    "about memory that is undefined at kernel entry",
    "spec.construct": "the kernel and its annotations as a whole (a construct the checker "
                      "does not model)",
}

REASONS: dict[str, str] = {
    # why a property fails (violations)
    "write_write": "both accesses write",
    "read_write": "one access reads, the other writes",
    "atomic_plain": "an atomic access meets a plain one",
    "not_all_threads": "the work-items of a group disagree on reaching the barrier",
    "arguments_differ": "the work-items of a group pass a barrier or group-wide call "
                        "different arguments",
    "index_out_of_range": "the index lies outside the array's cells",
    "pointer_out_of_range": "pointer arithmetic leaves the array (past one beyond its end)",
    "unwritten_cell": "the cell read was never written",
    "signed_overflow": "a signed result out of its type's range",
    "division_by_zero": "a division or remainder by zero (or MIN / -1)",
    "shift_count": "a shift by a count outside the type's width, or of a negative value "
                   "where C forbids it",
    "conversion_out_of_range": "a floating-point value converted to an integer type that "
                               "cannot hold it",
    "unassigned_variable": "a private variable read before any assignment",
    "undefined_operation": "another operation C or OpenCL leaves undefined (a function "
                           "that ends without its value, unsequenced stores to one element, "
                           "pointers of two arrays compared, a null or unassigned pointer "
                           "used, clamp with minval > maxval, an index outside its row)",
    "assertion_false": "the stated fact can be false",
    "type_inspected": "the kernel looks inside a TYPE value",
    "wrong_output": "an output element differs from what the scan must give",
    "permission_missing": "the thread does not hold the permission needed",
    "permission_exceeded": "more than one full permission on one location",
    "permission_not_handed_in": "a barrier hands out a permission nobody handed in",
    "unfenced_memory": "a barrier moves permission in a memory space it does not fence",
    "outside_extent": "a permission on a cell outside the array or buffer",
    "unsatisfiable": "no launch, heap and thread satisfy it: every proof from it would be "
                     "vacuous",
    "undefined_contents": "a fact about memory whose contents are undefined at kernel entry",
    "may_not_end": "an iteration does not bring the loop closer to its end",
    "oclgrind_report": "Oclgrind reported it during a run",
    # why a property was not decided (unknowns)
    "unsupported_construct": "the kernel or its annotations use a construct the engine "
                             "does not model exactly",
    "solver_gave_up": "the solver spent its resource budget without an answer",
    "approximation": "the only counterexamples rest on over-approximated values, so they "
                     "may be spurious",
    "budget_exhausted": "the time budget ran out",
    "not_run": "the run needed (a device, Oclgrind, a size) was not available",
    "blocked": "another check stopped the analysis this one needs",
    "vacuous_assumption": "the assumptions exclude every run, so a proof would be vacuous",
    "nothing_analysed": "there was nothing to analyse",
    "internal_disagreement": "two proofs of veriscan disagree (a bug: please report)",
    "assumption_not_discharged": "the proof rests on an assumption not checked here",
    "unexpressed_precondition": "the witness may break a precondition of the kernel that "
                                "veriscan cannot express",
    "not_proved_here": "no proof covers this path",
}


def require(error: str, reason: str) -> None:
    """Refuse ids outside the vocabulary: a typo would otherwise ship as a new id."""
    if error not in ERRORS:
        raise ValueError(f"veriscan bug: error id '{error}' is not in diagnostics.ERRORS")
    if reason not in REASONS:
        raise ValueError(f"veriscan bug: reason id '{reason}' is not in diagnostics.REASONS")


def spec_error(obligation: str) -> str:
    """The error id of a separation-logic proof obligation, by its name in the engine."""
    slug = "".join(c if c.isalnum() else "_" for c in obligation).strip("_")
    return "spec." + "_".join(part for part in slug.split("_") if part)


def markdown_table() -> str:
    """The README's table of ids (kept equal to these dictionaries by a test)."""
    rows = ["| error id | meaning |", "| --- | --- |"]
    rows += [f"| `{k}` | {v} |" for k, v in ERRORS.items()]
    rows += ["", "| reason id | meaning |", "| --- | --- |"]
    rows += [f"| `{k}` | {v} |" for k, v in REASONS.items()]
    return "\n".join(rows)
