# Cython declarations for deal_base.py (compiled build; the .py stays the source of truth).
# GameState (state.pxd) extends this type; WarsawState is a Python subclass.
import cython

cdef class DealBase:
    @cython.locals(lc=list)
    cpdef apply(self, action)
