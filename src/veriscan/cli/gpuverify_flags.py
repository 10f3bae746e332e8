"""GPUVerify's command-line flags on ``veriscan check``.

GPUVerify's testsuite and its users' scripts carry command lines such as
``--local_size=64 --num_groups=8 --no-inline --only-intra-group``.  veriscan
accepts every flag GPUVerify documents, in two kinds:

* flags that change *what is checked* get GPUVerify's meaning
  (``--only-intra-group``, ``--skip-initialisation-check`` and
  ``--skip-overflow-check`` (veriscan's own: GPUVerify checks neither reads of
  uninitialised memory nor signed overflow), ``--only-divergence``, ``--only-log``,
  ``--kernel-args``, ``--no-annotations``, ``--only-requires``,
  ``--invariants-as-candidates``, ``--global_offset``); each one is named in
  the verdict, because a verdict under them claims less than a plain one;
* flags about GPUVerify's own machinery (inlining, invariant inference, Boogie,
  abstractions, solver and timing options) change nothing veriscan does; they
  are accepted and listed in the verdict's notes as ignored.

``--warp-sync=N`` is an assumption rather than a narrowing: the work-items of
each warp of N run in lock-step, as on pre-Volta NVIDIA hardware, so two of
them conflict only within one step (:mod:`veriscan.smt.races`); the verdict
names it.  ``--vcgen-opt=/checkArrays:...`` cannot be honoured exactly and is
handled in the direction that can only add findings: veriscan checks every
array, after checking that the named ones exist.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field

from veriscan.errors import VeriscanError
from veriscan.ir import nodes as ir
from veriscan.ir.visit import prune

# The flag that grants each stated assumption of ir.ASSUMPTIONS.
ASSUMPTION_FLAGS = {ir.PURE_CALLS: "--assume-pure-calls"}
# GPUVerify flags that take a value and change nothing veriscan checks.
IGNORED_WITH_VALUE = ("--boogie-file", "--time-as-csv", "--clang-opt", "--cruncher-opt",
                      "--k-induction-depth", "--loop-unwind", "--opt-opt", "--bugle-opt",
                      "--boogie-opt", "--omit-infer",
                      "--race-instrumenter", "--solver", "--kernel-arrays")
# GPUVerify flags without a value that change nothing veriscan checks.
IGNORED_SWITCHES = ("--no-inline", "--no-infer", "--infer-info", "--debug",
                    "--asymmetric-asserts",
                    "--no-barrier-access-checks", "--staged-inference", "--keep-temps",
                    "--gen-smt2", "--math-int", "--verify", "--findbugs", "--silent",
                    "--verbose", "--time", "--stop-at-opt", "--stop-at-gbpl",
                    "--stop-at-bpl", "--stop-at-cbpl")
ABSTRACTIONS = ("--equality-abstraction", "--adversarial-abstraction")
_CHECK_ARRAYS = re.compile(r"^/checkArrays:(.*)$")
_HEX = re.compile(r"^(0[xX])?[0-9a-fA-F]+$")


def add_gpuverify_args(p: argparse.ArgumentParser) -> None:
    """GPUVerify's flags, spelt as GPUVerify spells them (``--flag=value`` works too)."""
    g = p.add_argument_group(
        "GPUVerify flags", "accepted so that GPUVerify command lines run unchanged; those "
        "that change what is checked are named in the verdict, the others are noted as "
        "ignored")
    g.add_argument("--allow-benign-writes", action="store_true",
                   help="tolerate a write-write race where both threads write the same "
                        "value (a data race under the OpenCL and CUDA memory models; GPUVerify "
                        "tolerates it by default); named in the verdict when used")
    g.add_argument("--no-benign-tolerance", action="store_true",
                   help="GPUVerify's switch for reporting same-value write-write races; "
                        "veriscan's default (overrides --allow-benign-writes)")
    g.add_argument("--skip-initialisation-check", action="store_true",
                   help="do not check reads of memory nothing wrote (GPUVerify does not "
                        "check them); the verdict says so")
    g.add_argument(ASSUMPTION_FLAGS[ir.PURE_CALLS], action="store_true",
                   help="assume that functions whose body is not in the file touch no "
                        "memory, contain no barrier and return an arbitrary value (as "
                        "GPUVerify does); without it such a call makes the verdict unknown; "
                        "the verdict names it")
    g.add_argument("--skip-overflow-check", action="store_true",
                   help="do not report signed integer overflow (GPUVerify does not check "
                        "it); the verdict says so")
    g.add_argument("--only-intra-group", action="store_true",
                   help="check races between threads of the same group only")
    g.add_argument("--only-divergence", action="store_true",
                   help="do not check races (barrier divergence and the other checks only)")
    g.add_argument("--only-log", action="store_true",
                   help="as GPUVerify: log accesses but do not check races")
    g.add_argument("--no-annotations", action="store_true",
                   help="ignore the kernel's __assert/__assume/__requires/__invariant")
    g.add_argument("--only-requires", action="store_true",
                   help="ignore the kernel's assertions and invariants, keep its "
                        "assumptions and preconditions")
    g.add_argument("--invariants-as-candidates", dest="gv_invariants_as_candidates",
                   action="store_true",
                   help="as GPUVerify: loop invariants are hints, not checked")
    g.add_argument("--check-array-bounds", action="store_true",
                   help="veriscan always checks bounds (accepted for GPUVerify)")
    g.add_argument("--kernel-args", dest="kernel_args", action="append", default=[],
                   metavar="K,v1,...,vn",
                   help="for kernel K, scalar parameter i equals vi (hex, or * for any)")
    g.add_argument("--global-offset", "--global_offset", dest="global_offset",
                   metavar="X[,Y[,Z]]", help="global work offset (only 0 is modelled)")
    g.add_argument("--pointer-bitwidth", dest="pointer_bitwidth", metavar="BITS",
                   help="the device's pointer width, as GPUVerify's; veriscan models 64 "
                        "(size_t, ptrdiff_t, pointers), so another width is unknown")
    g.add_argument("--warp-sync", dest="warp_sync", type=int, metavar="X",
                   help="assume the work-items of each warp of X run in lock-step "
                        "(GPUVerify's warp model; not guaranteed by OpenCL, nor by CUDA "
                        "since Volta without __syncwarp); the verdict names it")
    g.add_argument("--vcgen-opt", "--vcgen-op", dest="vcgen_opts", action="append",
                   default=[], metavar="OPT",
                   help="GPUVerify VC generator option; /checkArrays:A,B names arrays, which "
                        "must exist (veriscan checks every array)")
    for flag in ABSTRACTIONS:
        g.add_argument(flag, dest=_dest(flag), action="store_true", help=argparse.SUPPRESS)
    for flag in IGNORED_WITH_VALUE:
        g.add_argument(flag, dest=_dest(flag), action="append", default=[],
                       help=argparse.SUPPRESS)
    for flag in IGNORED_SWITCHES:
        g.add_argument(flag, dest=_dest(flag), action="store_true", help=argparse.SUPPRESS)


def _dest(flag: str) -> str:
    return "gv_" + flag.lstrip("-").replace("-", "_")


@dataclass
class GpuverifyOptions:
    """What the GPUVerify flags ask of one check."""

    races: bool = True
    inter_group: bool = True
    benign_writes: bool = False
    initialisation: bool = True   # off: --skip-initialisation-check
    warp: int | None = None       # --warp-sync: lanes per warp in lock-step
    overflow: bool = True         # off: --skip-overflow-check
    assumed: set[str] = field(default_factory=set)  # ids of ir.ASSUMPTIONS granted
    assertions: bool = True       # the kernel's __assert and __invariant
    assumptions: bool = True      # the kernel's __assume and __requires
    invariants: bool = True       # the kernel's __invariant (off: --invariants-as-candidates)
    kernel_args: list[tuple[str, list[str]]] = field(default_factory=list)
    check_arrays: list[str] = field(default_factory=list)
    unmodelled: str | None = None  # a launch or device veriscan does not model
    scope: list[str] = field(default_factory=list)   # what the verdict claims less for
    ignored: list[str] = field(default_factory=list)  # flags with no effect here


def gpuverify_options(args: argparse.Namespace) -> GpuverifyOptions:
    """Read the GPUVerify flags of ``check``; bad combinations are bad input, as in
    GPUVerify (``COMMAND_LINE_ERROR``)."""
    out = GpuverifyOptions()
    if all(getattr(args, _dest(f)) for f in ABSTRACTIONS):
        raise VeriscanError("--equality-abstraction and --adversarial-abstraction exclude "
                            "each other")
    if args.no_annotations and args.only_requires:
        raise VeriscanError("--no-annotations and --only-requires exclude each other")
    out.benign_writes = args.allow_benign_writes and not args.no_benign_tolerance
    if out.benign_writes:
        out.scope.append("same-value write-write races tolerated (--allow-benign-writes)")
    if args.only_divergence or args.only_log:
        out.races = False
        flag = "--only-divergence" if args.only_divergence else "--only-log"
        out.scope.append(f"races not checked ({flag})")
    if args.assume_pure_calls:
        out.assumed.add(ir.PURE_CALLS)
    if args.skip_overflow_check:
        out.overflow = False
        out.scope.append("signed integer overflow not reported (--skip-overflow-check); the "
                         "other checks compute it as wrapping around, which C does not promise")
    if args.skip_initialisation_check:
        out.initialisation = False
        out.scope.append("reads of uninitialised memory not checked "
                         "(--skip-initialisation-check)")
    if args.only_intra_group:
        out.inter_group = False
        out.scope.append("races between groups not checked (--only-intra-group)")
    if args.no_annotations or args.only_requires:
        out.assertions = False
        out.assumptions = not args.no_annotations
        flag = "--no-annotations" if args.no_annotations else "--only-requires"
        out.scope.append(f"the kernel's assertions and invariants not checked ({flag})")
    if args.gv_invariants_as_candidates:
        out.invariants = False
        out.scope.append("the kernel's loop invariants not checked "
                         "(--invariants-as-candidates)")
    for item in args.kernel_args:
        name, *values = [v.strip() for v in item.split(",")]
        if not name.isidentifier() or not all(v == "*" or _HEX.match(v) for v in values):
            raise VeriscanError(f"--kernel-args expects K,v1,...,vn with hex values or *, "
                                f"got '{item}'")
        out.kernel_args.append((name, values))
    for opt in args.vcgen_opts:
        arrays = _CHECK_ARRAYS.match(opt.strip())
        if arrays:
            out.check_arrays += [a.strip() for a in arrays.group(1).split(",") if a.strip()]
        out.ignored.append(f"--vcgen-opt={opt}" + (" (veriscan checks every array)"
                                                   if arrays else ""))
    if args.global_offset is not None:
        dims = [d.strip() for d in args.global_offset.strip().strip("[]").split(",")]
        if not all(d.isdigit() for d in dims) or not 1 <= len(dims) <= 3:
            raise VeriscanError(f"--global_offset expects one to three whole numbers, got "
                                f"'{args.global_offset}'")
        if any(int(d) for d in dims):
            out.unmodelled = f"a nonzero global offset ({args.global_offset})"
    if args.pointer_bitwidth == "64":
        out.ignored.append("--pointer-bitwidth=64 (veriscan's model of the device)")
    elif args.pointer_bitwidth is not None:
        # size_t, pointers and their arithmetic are 64 bits wide in every proof
        out.unmodelled = (f"pointers of {args.pointer_bitwidth} bits (--pointer-bitwidth): "
                          "veriscan models a 64-bit device")
    if args.warp_sync is not None:
        if args.warp_sync < 1:
            raise VeriscanError(f"--warp-sync expects a positive warp size, got "
                                f"{args.warp_sync}")
        out.warp = args.warp_sync
        out.scope.append(f"the work-items of each warp of {args.warp_sync} assumed to run in "
                         f"lock-step (--warp-sync={args.warp_sync}; neither OpenCL nor CUDA "
                         "since Volta guarantees it)")
    if args.check_array_bounds:
        out.ignored.append("--check-array-bounds (veriscan always checks bounds)")
    for flag in ABSTRACTIONS:
        if getattr(args, _dest(flag)):
            out.ignored.append(f"{flag} (veriscan's reads of shared memory are already "
                               "unconstrained)")
    for flag in IGNORED_SWITCHES:
        if getattr(args, _dest(flag)):
            out.ignored.append(flag)
    for flag in IGNORED_WITH_VALUE:
        out.ignored += [f"{flag}={v}" for v in getattr(args, _dest(flag))]
    return out


def scalar_values(kernel: ir.Kernel, opts: GpuverifyOptions) -> tuple[dict[str, int],
                                                                       list[str]]:
    """``--kernel-args`` for ``kernel``: values of its scalar parameters, in order.

    GPUVerify gives one value per C parameter, as the bytes of its memory image.
    A struct the front end keeps field by field gets each field's bytes when its
    layout is certain (integer fields all of one size: no padding anywhere);
    values for anything else (floats, vectors, other structs) are left
    unconstrained, which is sound (fewer assumptions) and noted.
    """
    values: dict[str, int] = {}
    notes: list[str] = []
    groups: dict[object, list[ir.Param]] = {}
    for p in kernel.params:
        if not p.is_pointer:
            groups.setdefault(p.pos or p.name, []).append(p)
    for name, given in opts.kernel_args:
        if name != kernel.name:
            notes.append(f"--kernel-args for '{name}' not used: the kernel checked is "
                         f"'{kernel.name}'")
            continue
        if len(given) != len(groups):
            raise VeriscanError(f"--kernel-args gives {len(given)} value(s), but kernel "
                                f"'{kernel.name}' has {len(groups)} scalar parameter(s)")
        for fields, text in zip(groups.values(), given, strict=True):
            if text == "*":
                continue
            # A struct holding pointers: its scalar fields' offsets are not known here.
            holds_pointer = any(p.is_pointer and p.pos is not None and p.pos == fields[0].pos
                                for p in kernel.params)
            split = None if holds_pointer else _split_image(fields, int(text, 16))
            if split is None:
                notes.append(f"--kernel-args value {text} for '{fields[0].name}' not used "
                             "(not an integer parameter of known layout): it stays "
                             "unconstrained")
            else:
                values.update(split)
    return values, notes


def _split_image(fields: list[ir.Param], image: int) -> dict[str, int] | None:
    """Little-endian field values of a parameter's memory image, or None."""
    if any(getattr(f, "lanes", 1) != 1 for f in fields):
        return None
    if len(fields) == 1 and fields[0].type.kind in (ir.TypeKind.INT, ir.TypeKind.BOOL):
        return {fields[0].name: image}
    bits = {f.type.bits for f in fields}
    if len(bits) != 1 or any(f.type.kind is not ir.TypeKind.INT for f in fields):
        return None
    width = bits.pop()
    mask = (1 << width) - 1
    return {f.name: (image >> (i * width)) & mask for i, f in enumerate(fields)}


def check_array_names(kernel: ir.Kernel, opts: GpuverifyOptions) -> None:
    """GPUVerify refuses a /checkArrays name that is no array of the kernel; so does veriscan."""
    known = {p.name for p in kernel.params if p.is_pointer} | {
        a.name.split("#")[0] for a in kernel.arrays}  # a shadowed local array is renamed
    for name in opts.check_arrays:
        if name not in known:
            raise VeriscanError(f"--vcgen-opt=/checkArrays names '{name}', which is not an "
                                f"array of kernel '{kernel.name}' (arrays: "
                                f"{', '.join(sorted(known)) or 'none'})")


def strip_annotations(kernel: ir.Kernel, opts: GpuverifyOptions) -> None:
    """Drop the kernel's own assertions (and, with ``--no-annotations``, assumptions).

    Conditions of defined behaviour (``Assert.what`` set) stay: they are
    veriscan's checks, not annotations.  Dropping an assumption only widens
    what is checked, so it is always sound.
    """
    def keep(s: ir.Stmt) -> bool:
        if isinstance(s, ir.Assert) and s.invariant:
            return opts.assertions and opts.invariants
        if isinstance(s, ir.Assert) and not s.what:
            return opts.assertions
        if isinstance(s, ir.Assume):
            return opts.assumptions
        return True

    if not (opts.assertions and opts.assumptions and opts.invariants):
        prune(kernel.body, keep)


def grant_assumptions(kernel: ir.Kernel, opts: GpuverifyOptions) -> None:
    """Drop the unsupported constructs that the stated assumptions the caller granted
    model (``--assume-pure-calls``), and name each assumption used in the verdict."""
    waived: list[ir.Unsupported] = []

    def keep(s: ir.Stmt) -> bool:
        if isinstance(s, ir.Unsupported) and s.waived_by in opts.assumed:
            waived.append(s)
            return False
        return True
    if opts.assumed:
        prune(kernel.body, keep)
    for assumption in sorted({s.waived_by for s in waived if s.waived_by}):
        sites = [s for s in waived if s.waived_by == assumption]
        opts.scope.append(f"{ir.ASSUMPTIONS[assumption]} ({ASSUMPTION_FLAGS[assumption]}; "
                          f"{len(sites)} call(s), the first at {sites[0].pos})")
