# Cython declarations for state.py (the .py stays the source of truth; see README "Compiled build").
# The fields are DealBase's (deal_base.pxd) and ThrowInMoves' (moves.pxd); card ids and masks
# stay Python ints, only seats, counts and versions are C integers.
import cython
from bot.engine.throwin.moves cimport ThrowInMoves

cdef extern from *:
    int _popcount64 "__builtin_popcountll" (unsigned long long x) nogil

cdef class ThrowInState(ThrowInMoves):
    @cython.locals(p=cython.long, n_unc=cython.long, one=cython.ulonglong, h64=cython.ulonglong,
                   ci=cython.long)
    cpdef apply_unchecked(self, action)

    @cython.locals(d=cython.long, a=cython.long, key=cython.long, t64=cython.ulonglong,
                   n_att=cython.Py_ssize_t, i=cython.Py_ssize_t, cc=cython.long,
                   one=cython.ulonglong, attacks=list, covers=list, cards=list)
    cpdef tuple _end_bout(self, bint taken)

    @cython.locals(n=cython.long, s=cython.long, remaining=cython.long, att=cython.long,
                   de=cython.long, key=cython.long, held=cython.long, base=cython.long)
    cpdef tuple _close_bout(self, long a, long d, bint taken, list events)

    @cython.locals(s=cython.long, need=cython.Py_ssize_t, key=cython.long, hs=cython.long)
    cpdef _replenish(self, long a, long d, list events)

    @cython.locals(s=ThrowInState)
    cpdef clone(self)
