/* The parse floor for scripts/bench: run libyaml's event parser over a file and nothing else
 * (no document tree, no decoding, no rules). Exit status 1 on a parse error.
 *
 *   cc -O2 -o yaml-parse-floor yaml-parse-floor.c $(pkg-config --cflags --libs yaml-0.1)
 *   yaml-parse-floor FILE
 */
#include <stdio.h>
#include <yaml.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: yaml-parse-floor FILE\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 2;
    }
    yaml_parser_t parser;
    yaml_event_t event;
    unsigned long events = 0;
    int done = 0, status = 0;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, file);
    while (!done) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "%s:%lu: %s\n", argv[1], (unsigned long)parser.problem_mark.line + 1,
                    parser.problem ? parser.problem : "parse error");
            status = 1;
            break;
        }
        done = event.type == YAML_STREAM_END_EVENT;
        events++;
        yaml_event_delete(&event);
    }
    yaml_parser_delete(&parser);
    fclose(file);
    return status == 0 && events > 0 ? 0 : 1;
}
