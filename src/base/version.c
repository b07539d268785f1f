/* version.c: the library's version at run time. */
#include "codebreaker/version.h"

const char *cb_version(void)
{
    return CB_VERSION;
}

int cb_version_number(void)
{
    return CB_VERSION_NUMBER;
}
