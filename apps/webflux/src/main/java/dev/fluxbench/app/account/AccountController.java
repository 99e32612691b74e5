package dev.fluxbench.app.account;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.account.AccountDto;
import dev.fluxbench.contract.account.AccountPaths;
import dev.fluxbench.contract.account.Credentials;
import dev.fluxbench.contract.account.TokenDto;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import jakarta.validation.Valid;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.authentication.AccountStatusException;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
class AccountController {

	private final ReactiveAuthenticationManager authentication;

	private final TokenIssuer tokens;

	AccountController(@Qualifier("accountAuthentication") ReactiveAuthenticationManager authentication,
			TokenIssuer tokens) {
		this.authentication = authentication;
		this.tokens = tokens;
	}

	@PostMapping(path = AccountPaths.AUTHENTICATE, consumes = MediaType.APPLICATION_JSON_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	Mono<ResponseEntity<TokenDto>> authenticate(@Valid @RequestBody Credentials credentials) {
		return this.authentication
			.authenticate(
					UsernamePasswordAuthenticationToken.unauthenticated(credentials.username(), credentials.password()))
			// A wrong password, an unknown user and a disabled one answer alike, so that
			// the answer does not reveal who exists. A database that fails is not the
			// client's fault: that one goes on to answer 500.
			.onErrorMap((ex) -> ex instanceof BadCredentialsException || ex instanceof AccountStatusException,
					(ex) -> new ProblemException(
							Problem.of(ProblemType.UNAUTHORIZED, "The credentials were not accepted.")))
			// The password-check scheduler's queue is full: the service is saturated, not
			// the client wrong.
			.onErrorMap(RejectedExecutionException.class,
					(ex) -> new ProblemException(Problem.of(ProblemType.AUTHENTICATION_UNAVAILABLE,
							"The credentials could not be checked: too many sign-ins are waiting. Try again later."),
							ex))
			.map((user) -> {
				// The user's own authorities: the authentication also carries the factor
				// Spring Security proved (FACTOR_PASSWORD), which is no role.
				String token = this.tokens.issue(user.getName(),
						sorted(((UserDetails) user.getPrincipal()).getAuthorities()));
				return ResponseEntity.ok()
					.header(HttpHeaders.AUTHORIZATION, AccountPaths.BEARER_PREFIX + token)
					.body(new TokenDto(token));
			});
	}

	/**
	 * Read from the token alone: a request that carries one costs no database call. A
	 * {@code Mono}, not a plain value, so that with virtual threads on it is not handed
	 * to another thread for nothing.
	 */
	@GetMapping(path = AccountPaths.ACCOUNT, produces = MediaType.APPLICATION_JSON_VALUE)
	Mono<AccountDto> account(@AuthenticationPrincipal Jwt token) {
		List<String> authorities = token.getClaimAsStringList(AccountPaths.AUTHORITIES_CLAIM);
		return Mono.just(new AccountDto(token.getSubject(),
				(authorities != null) ? authorities.stream().sorted().toList() : List.of()));
	}

	private static List<String> sorted(Collection<? extends GrantedAuthority> authorities) {
		return authorities.stream().map(GrantedAuthority::getAuthority).sorted().toList();
	}

}
