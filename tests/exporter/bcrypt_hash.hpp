// bcrypt hashes made in the test with libxcrypt (the library serve verifies them with), at a low
// cost so that each check stays a few milliseconds.
#pragma once

#include <crypt.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace edgetop::testing {

inline std::string bcrypt_hash(const std::string& password, int cost = 4,
                               const char* prefix = "$2y$") {
    char salt[CRYPT_GENSALT_OUTPUT_SIZE];
    if (!crypt_gensalt_rn(prefix, static_cast<unsigned long>(cost), nullptr, 0, salt, sizeof salt))
        throw std::runtime_error("crypt_gensalt_rn failed");
    auto data = std::make_unique<crypt_data>();
    const char* hash = crypt_rn(password.c_str(), salt, data.get(), sizeof *data);
    if (!hash || hash[0] == '*') throw std::runtime_error("crypt_rn failed");
    return hash;
}

}  // namespace edgetop::testing
