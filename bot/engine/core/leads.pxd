# Cython declarations for leads.py (compiled build; leads.py stays the source of truth).
import cython

cdef extern from *:
    int _ctz64 "__builtin_ctzll" (unsigned long long x) nogil

@cython.locals(h=cython.ulonglong, m=cython.ulonglong, low=cython.ulonglong,
               group=cython.ulonglong, a=cython.ulonglong, b=cython.ulonglong,
               c=cython.ulonglong, d=cython.ulonglong, i=cython.int, lanes=cython.ulonglong,
               r=cython.int, seat=cython.long, key=cython.long, cache=dict, hit=tuple)
cpdef list _same_rank_enum(object hand, long limit, list singles)

@cython.locals(cards=list, size=cython.Py_ssize_t)
cpdef tuple _group_actions(list singles, object group, long limit, long low)
