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

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.authentication.AccountStatusException;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
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

	private final AuthenticationManager authentication;

	private final TokenIssuer tokens;

	AccountController(AuthenticationManager accountAuthentication, TokenIssuer tokens) {
		this.authentication = accountAuthentication;
		this.tokens = tokens;
	}

	@PostMapping(path = AccountPaths.AUTHENTICATE, consumes = MediaType.APPLICATION_JSON_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<TokenDto> authenticate(@Valid @RequestBody Credentials credentials) {
		UserDetails user = check(credentials);
		String token = this.tokens.issue(user.getUsername(), sorted(user.getAuthorities()));
		return ResponseEntity.ok()
			.header(HttpHeaders.AUTHORIZATION, AccountPaths.BEARER_PREFIX + token)
			.body(new TokenDto(token));
	}

	/** Read from the token alone: a request that carries one costs no database call. */
	@GetMapping(path = AccountPaths.ACCOUNT, produces = MediaType.APPLICATION_JSON_VALUE)
	AccountDto account(@AuthenticationPrincipal Jwt token) {
		List<String> authorities = token.getClaimAsStringList(AccountPaths.AUTHORITIES_CLAIM);
		return new AccountDto(token.getSubject(),
				(authorities != null) ? authorities.stream().sorted().toList() : List.of());
	}

	/**
	 * The user the credentials prove, with its own authorities: the authentication Spring
	 * Security answers also carries the factor it proved ({@code FACTOR_PASSWORD}), which
	 * is no role.
	 */
	private UserDetails check(Credentials credentials) {
		Authentication request = UsernamePasswordAuthenticationToken.unauthenticated(credentials.username(),
				credentials.password());
		try {
			return (UserDetails) this.authentication.authenticate(request).getPrincipal();
		}
		catch (BadCredentialsException | AccountStatusException ex) {
			// A wrong password, an unknown user and a disabled one answer alike, so that
			// the answer does not reveal who exists. A database that fails is none of
			// these, and answers 500.
			throw new ProblemException(Problem.of(ProblemType.UNAUTHORIZED, "The credentials were not accepted."));
		}
		catch (RejectedExecutionException ex) {
			// The password-check pool's queue is full: the service is saturated, not the
			// client wrong.
			throw new ProblemException(
					Problem.of(ProblemType.AUTHENTICATION_UNAVAILABLE,
							"The credentials could not be checked: too many sign-ins are waiting. Try again later."),
					ex);
		}
	}

	private static List<String> sorted(Collection<? extends GrantedAuthority> authorities) {
		return authorities.stream().map(GrantedAuthority::getAuthority).sorted().toList();
	}

}
