/* signs.c: the squares of a shared grid (share.h) that the rules draw their feedback with (cbg_rule.share_sign). */
#include <stdint.h>

#include "codebreaker/share.h"
#include "game/rule_internal.h"

/* The signs, by feedback digit (0 gray, 1 yellow, 2 green), light and dark, usual and high contrast. */
static const char *const wordle_sign[2][2][3] = {
    {{"\u2B1C", "\U0001F7E8", "\U0001F7E9"}, {"\u2B1B", "\U0001F7E8", "\U0001F7E9"}}, /* ⬜ 🟨 🟩, ⬛ 🟨 🟩 */
    {{"\u2B1C", "\U0001F7E6", "\U0001F7E7"}, {"\u2B1B", "\U0001F7E6", "\U0001F7E7"}}, /* ⬜ 🟦 🟧, ⬛ 🟦 🟧 */
};

unsigned cbg_digit3(uint32_t id, int i)
{
    while (i-- > 0)
        id /= 3;
    return id % 3;
}

const char *cbg_share_square(unsigned colour, unsigned flags)
{
    return wordle_sign[(flags & CB_SHARE_CONTRAST) != 0][(flags & CB_SHARE_DARK) != 0][colour % 3];
}
