"""Bit positions of a 64-bit mask, for engines that keep sets (units, places) as bits: the lowest and the
highest set bit in one machine instruction each (LLVM's ``cttz``/``ctlz``), where a loop over the bits would
test them one by one. The Python bodies are the definitions (and run under ``NUMBA_DISABLE_JIT``); jitted
code gets the instructions."""
import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic, overload


def lowest_bit(x):
    """Index of the lowest set bit of x (x != 0)."""
    x = int(x)
    return (x & -x).bit_length() - 1


def highest_bit(x):
    """Index of the highest set bit of x (0 < x < 2**63)."""
    return int(x).bit_length() - 1


@intrinsic
def _cttz(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))
    return types.int64(types.int64), codegen


@intrinsic
def _ctlz(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 1))
    return types.int64(types.int64), codegen


@overload(lowest_bit, jit_options={"_nrt": False})
def _lowest_bit(x):
    if isinstance(x, types.Integer):
        return lambda x: _cttz(np.int64(x))


@overload(highest_bit, jit_options={"_nrt": False})
def _highest_bit(x):
    if isinstance(x, types.Integer):
        return lambda x: 63 - _ctlz(np.int64(x))
