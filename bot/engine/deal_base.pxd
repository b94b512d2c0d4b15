# Cython declarations for deal_base.py (compiled build; the .py stays the source of truth).
# GameState (state.pxd) extends this type; WarsawState is a Python subclass.
import cython

cdef class DealBase:
    cdef public long version
    cdef public long _lc_key
    cdef public list _lc

    @cython.locals(lc=list, seat=cython.long)
    cpdef apply(self, action)

    cpdef apply_unchecked(self, action)
