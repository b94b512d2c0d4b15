# Cython declarations for moves.py (the .py stays the source of truth; see README "Compiled build").
# Card ids and card masks stay Python ints (``1 << card`` needs up to 192 bits, and a C shift
# of the literal 1 is a 32-bit int shift); only seats, counts and versions are C integers.
# The one-pack fast paths (``cython.compiled and cfg.one_pack``) use unsigned 64-bit masks.
import cython
from bot.engine.core.deal_base cimport DealBase
from bot.engine.throwin.state_config cimport StateConfig

cdef extern from *:
    int _ctz64 "__builtin_ctzll" (unsigned long long x) nogil

cdef class ThrowInMoves(DealBase):
    cdef public StateConfig cfg
    cdef public object rank_cards
    cdef public long att_mask
    cdef public tuple att_list
    cdef public bint taking
    cdef public long limit
    cdef public object shown
    cdef public bint first_bout
    cdef public long bout_no
    cdef public list in_play, out_order

    @cython.locals(key=cython.long, n_att=cython.Py_ssize_t, a=cython.long, cover=cython.long,
                   base=cython.long, m64=cython.ulonglong, low64=cython.ulonglong,
                   hand64=cython.ulonglong, i=cython.Py_ssize_t, covers=list, made=dict,
                   b64=cython.ulonglong, singles=list, out=list)
    cpdef list _legal_list(self, long p)

    @cython.locals(n_att=cython.Py_ssize_t, passed=cython.long, only=cython.long, s=cython.long)
    cpdef tuple waiting_on(self)

    @cython.locals(n_att=cython.Py_ssize_t, passed=cython.long, only=cython.long, s=cython.long)
    cpdef bint _all_passed(self)
