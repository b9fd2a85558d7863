/* Baseline for the benchmark: stream an .ics file through libical's own
 * parser, one top-level component (VEVENT, VTIMEZONE, ...) at a time, and
 * free each one. This is the least any libical-based reader must do; the
 * benchmark compares `busylife check` against it.
 *
 * Lines come from libical's icalparser_get_line (which unfolds); the
 * VCALENDAR wrapper lines are not fed, so that the parser never holds more
 * than one component. Prints the number of components and properties. */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_stream(char *s, size_t size, void *d) {
    return fgets(s, (int)size, (FILE *)d);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: stream_parse FILE.ics\n");
        return 64;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 66;
    }
    icalparser *parser = icalparser_new();
    icalparser_set_gen_data(parser, f);
    long components = 0, properties = 0;
    char *line;
    int depth = 0; /* 1 inside VCALENDAR, 2+ inside one of its components */
    while ((line = icalparser_get_line(parser, read_stream)) != NULL) {
        int begin = strncmp(line, "BEGIN:", 6) == 0;
        int end = strncmp(line, "END:", 4) == 0;
        int feed = begin ? depth >= 1 : depth >= 2;
        if (begin) depth++;
        if (end && depth > 0) depth--;
        if (!feed) { /* the VCALENDAR wrapper and calendar-level properties */
            free(line);
            continue;
        }
        icalcomponent *c = icalparser_add_line(parser, line);
        free(line);
        if (c) {
            components++;
            properties += icalcomponent_count_properties(c, ICAL_ANY_PROPERTY);
            icalcomponent_free(c);
        }
    }
    icalparser_free(parser);
    fclose(f);
    printf("components=%ld properties=%ld\n", components, properties);
    return 0;
}
