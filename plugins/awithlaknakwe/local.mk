## plugins/awithlaknakwe: automake fragment (see Makefile.am)
