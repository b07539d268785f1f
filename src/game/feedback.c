/* feedback.c: powers of three, which the colour patterns' ids are made of; each rule's feedback is in its file. */
#include "codebreaker/feedback.h"

uint32_t cb_pow3(int n)
{
    uint32_t p = 1;
    for (int i = 0; i < n; i++)
        p *= 3;
    return p;
}
