package dev.fluxbench.contract.account;

import java.util.List;

/**
 * The answer of {@code GET /api/account}: the token's user and authorities, sorted.
 */
public record AccountDto(String login, List<String> authorities) {

}
