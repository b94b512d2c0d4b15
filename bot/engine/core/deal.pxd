# Cython declarations for deal.py (compiled build; deal.py stays the source of truth).
import cython

@cython.locals(i=cython.longlong, k=cython.longlong, p=cython.longlong, r=cython.longlong,
               j=cython.longlong, block=cython.longlong)
cpdef _shuffle_by(list cards, object x)
