#ifndef BUSYLIFE_CLIBICAL_SHIM_H
#define BUSYLIFE_CLIBICAL_SHIM_H

#include <libical/ical.h>

/* Parts of struct icalrecurrencetype Swift cannot reach comfortably:
 * fixed-size arrays import as tuples of up to 386 elements. */
enum busylife_recur_part {
    BUSYLIFE_BY_SECOND = 0,
    BUSYLIFE_BY_MINUTE,
    BUSYLIFE_BY_HOUR,
    BUSYLIFE_BY_DAY,
    BUSYLIFE_BY_MONTH_DAY,
    BUSYLIFE_BY_YEAR_DAY,
    BUSYLIFE_BY_WEEK_NO,
    BUSYLIFE_BY_MONTH,
    BUSYLIFE_BY_SET_POS
};

/* The index-th value of a BY list, or ICAL_RECURRENCE_ARRAY_MAX past its end. */
static inline short busylife_recur_value(const struct icalrecurrencetype *r, int part, int index) {
    const short *list;
    int size;
    switch (part) {
    case BUSYLIFE_BY_SECOND: list = r->by_second; size = ICAL_BY_SECOND_SIZE; break;
    case BUSYLIFE_BY_MINUTE: list = r->by_minute; size = ICAL_BY_MINUTE_SIZE; break;
    case BUSYLIFE_BY_HOUR: list = r->by_hour; size = ICAL_BY_HOUR_SIZE; break;
    case BUSYLIFE_BY_DAY: list = r->by_day; size = ICAL_BY_DAY_SIZE; break;
    case BUSYLIFE_BY_MONTH_DAY: list = r->by_month_day; size = ICAL_BY_MONTHDAY_SIZE; break;
    case BUSYLIFE_BY_YEAR_DAY: list = r->by_year_day; size = ICAL_BY_YEARDAY_SIZE; break;
    case BUSYLIFE_BY_WEEK_NO: list = r->by_week_no; size = ICAL_BY_WEEKNO_SIZE; break;
    case BUSYLIFE_BY_MONTH: list = r->by_month; size = ICAL_BY_MONTH_SIZE; break;
    case BUSYLIFE_BY_SET_POS: list = r->by_set_pos; size = ICAL_BY_SETPOS_SIZE; break;
    default: return ICAL_RECURRENCE_ARRAY_MAX;
    }
    if (index < 0 || index >= size) return ICAL_RECURRENCE_ARRAY_MAX;
    return list[index];
}

/* icalerrno is a macro Swift cannot see. */
static inline int busylife_icalerrno(void) { return (int)icalerrno_return()[0]; }
static inline void busylife_clear_icalerrno(void) { icalerror_clear_errno(); }

#endif
