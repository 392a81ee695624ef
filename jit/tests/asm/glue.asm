glue (1743 bytes)
; the entry from the interpreter, any words
00000  push rbp
00001  mov rbp,rsp
00004  push rbx
00005  push r12
00007  push r13
00009  push r14
0000b  push r15
0000d  mov r15,rax
00010  mov r14,rcx
00013  mov [r15+30h],rdi
0001a  push qword ptr [r15+28h]
00021  mov r13,[r15+10h]
00028  sub r13,[r15]
0002f  lea rax,[10Eh]
00036  push rax
00037  mov [r15+28h],rsp
0003e  sub rsp,8
00042  mov rdx,rsi
00045  mov eax,r10d
00048  and eax,0FFFFFFFh
0004d  shr r10d,1Ch
00051  lea rcx,[rax*8+0Fh]
00059  and rcx,0FFFFFFFFFFFFFFF0h
0005d  cmp rcx,1000h
00064  jbe 0000000000000085h
0006a  sub rsp,1000h
00071  mov qword ptr [rsp],0
00079  sub rcx,1000h
00080  jmp 000000000000005Dh
00085  sub rsp,rcx
00088  mov rcx,rax
0008b  sub rcx,r10
0008e  je 000000000000009Fh
00094  lea rsi,[rdx+r10*8]
00098  lea rdi,[rsp+r10*8]
0009c  rep movsq [rdi],[rsi]
0009f  cmp r10d,0
000a6  je 00000000000000EFh
000ac  mov rsi,[rdx]
000b3  cmp r10d,1
000ba  je 00000000000000EFh
000c0  mov rdi,[rdx+8]
000c7  cmp r10d,2
000ce  je 00000000000000EFh
000d4  mov r8,[rdx+10h]
000db  cmp r10d,3
000e2  je 00000000000000EFh
000e8  mov r9,[rdx+18h]
000ef  call r11
000f2  xor edx,edx
000f4  lea rsp,[rbp-30h]
000fb  pop rcx
000fc  mov [r15+28h],rcx
00103  pop r15
00105  pop r14
00107  pop r13
00109  pop r12
0010b  pop rbx
0010c  pop rbp
0010d  ret
0010e  lea rbp,[rsp+30h]
00116  mov edx,1
0011b  jmp 00000000000000F4h
; the entry from the interpreter, 0 words in registers
00120  push rbp
00121  mov rbp,rsp
00124  push rbx
00125  push r12
00127  push r13
00129  push r14
0012b  push r15
0012d  mov r15,rax
00130  mov r14,rcx
00133  mov [r15+30h],rdi
0013a  push qword ptr [r15+28h]
00141  mov r13,[r15+10h]
00148  sub r13,[r15]
0014f  lea rax,[18Bh]
00156  push rax
00157  mov [r15+28h],rsp
0015e  sub rsp,8
00162  mov rdx,rsi
00165  sub rsp,0
0016c  call r11
0016f  xor edx,edx
00171  lea rsp,[rbp-30h]
00178  pop rcx
00179  mov [r15+28h],rcx
00180  pop r15
00182  pop r14
00184  pop r13
00186  pop r12
00188  pop rbx
00189  pop rbp
0018a  ret
0018b  lea rbp,[rsp+30h]
00193  mov edx,1
00198  jmp 0000000000000171h
; the entry from the interpreter, 1 word in registers
0019d  push rbp
0019e  mov rbp,rsp
001a1  push rbx
001a2  push r12
001a4  push r13
001a6  push r14
001a8  push r15
001aa  mov r15,rax
001ad  mov r14,rcx
001b0  mov [r15+30h],rdi
001b7  push qword ptr [r15+28h]
001be  mov r13,[r15+10h]
001c5  sub r13,[r15]
001cc  lea rax,[20Fh]
001d3  push rax
001d4  mov [r15+28h],rsp
001db  sub rsp,8
001df  mov rdx,rsi
001e2  sub rsp,10h
001e9  mov rsi,[rdx]
001f0  call r11
001f3  xor edx,edx
001f5  lea rsp,[rbp-30h]
001fc  pop rcx
001fd  mov [r15+28h],rcx
00204  pop r15
00206  pop r14
00208  pop r13
0020a  pop r12
0020c  pop rbx
0020d  pop rbp
0020e  ret
0020f  lea rbp,[rsp+30h]
00217  mov edx,1
0021c  jmp 00000000000001F5h
; the entry from the interpreter, 2 words in registers
00221  push rbp
00222  mov rbp,rsp
00225  push rbx
00226  push r12
00228  push r13
0022a  push r14
0022c  push r15
0022e  mov r15,rax
00231  mov r14,rcx
00234  mov [r15+30h],rdi
0023b  push qword ptr [r15+28h]
00242  mov r13,[r15+10h]
00249  sub r13,[r15]
00250  lea rax,[29Ah]
00257  push rax
00258  mov [r15+28h],rsp
0025f  sub rsp,8
00263  mov rdx,rsi
00266  sub rsp,10h
0026d  mov rsi,[rdx]
00274  mov rdi,[rdx+8]
0027b  call r11
0027e  xor edx,edx
00280  lea rsp,[rbp-30h]
00287  pop rcx
00288  mov [r15+28h],rcx
0028f  pop r15
00291  pop r14
00293  pop r13
00295  pop r12
00297  pop rbx
00298  pop rbp
00299  ret
0029a  lea rbp,[rsp+30h]
002a2  mov edx,1
002a7  jmp 0000000000000280h
; the entry from the interpreter, 3 words in registers
002ac  push rbp
002ad  mov rbp,rsp
002b0  push rbx
002b1  push r12
002b3  push r13
002b5  push r14
002b7  push r15
002b9  mov r15,rax
002bc  mov r14,rcx
002bf  mov [r15+30h],rdi
002c6  push qword ptr [r15+28h]
002cd  mov r13,[r15+10h]
002d4  sub r13,[r15]
002db  lea rax,[32Ch]
002e2  push rax
002e3  mov [r15+28h],rsp
002ea  sub rsp,8
002ee  mov rdx,rsi
002f1  sub rsp,20h
002f8  mov rsi,[rdx]
002ff  mov rdi,[rdx+8]
00306  mov r8,[rdx+10h]
0030d  call r11
00310  xor edx,edx
00312  lea rsp,[rbp-30h]
00319  pop rcx
0031a  mov [r15+28h],rcx
00321  pop r15
00323  pop r14
00325  pop r13
00327  pop r12
00329  pop rbx
0032a  pop rbp
0032b  ret
0032c  lea rbp,[rsp+30h]
00334  mov edx,1
00339  jmp 0000000000000312h
; the entry from the interpreter, 4 words in registers
0033e  push rbp
0033f  mov rbp,rsp
00342  push rbx
00343  push r12
00345  push r13
00347  push r14
00349  push r15
0034b  mov r15,rax
0034e  mov r14,rcx
00351  mov [r15+30h],rdi
00358  push qword ptr [r15+28h]
0035f  mov r13,[r15+10h]
00366  sub r13,[r15]
0036d  lea rax,[3C5h]
00374  push rax
00375  mov [r15+28h],rsp
0037c  sub rsp,8
00380  mov rdx,rsi
00383  sub rsp,20h
0038a  mov rsi,[rdx]
00391  mov rdi,[rdx+8]
00398  mov r8,[rdx+10h]
0039f  mov r9,[rdx+18h]
003a6  call r11
003a9  xor edx,edx
003ab  lea rsp,[rbp-30h]
003b2  pop rcx
003b3  mov [r15+28h],rcx
003ba  pop r15
003bc  pop r14
003be  pop r13
003c0  pop r12
003c2  pop rbx
003c3  pop rbp
003c4  ret
003c5  lea rbp,[rsp+30h]
003cd  mov edx,1
003d2  jmp 00000000000003ABh
; a call, 0 in registers
003d7  mov rdx,[r15+38h]
003de  mov rdx,[rdx+rax*8]
003e2  sub r13,1
003e6  jb 000000000000040Bh
003ec  test rdx,rdx
003ef  je 000000000000040Bh
003f5  cmp rsp,[r15+20h]
003fc  jb 000000000000040Bh
00402  add rdx,8
00409  jmp rdx
0040b  mov rdx,0FFFFFFFFFFFFFFFFh
00412  jmp 0000000000000517h
; a call, 1 in registers
00417  mov rdx,[r15+38h]
0041e  mov rdx,[rdx+rax*8]
00422  sub r13,1
00426  jb 000000000000044Bh
0042c  test rdx,rdx
0042f  je 000000000000044Bh
00435  cmp rsp,[r15+20h]
0043c  jb 000000000000044Bh
00442  add rdx,8
00449  jmp rdx
0044b  mov rdx,0FFFFFFFFFFFFFFFFh
00452  jmp 0000000000000555h
; a call, 2 in registers
00457  mov rdx,[r15+38h]
0045e  mov rdx,[rdx+rax*8]
00462  sub r13,1
00466  jb 000000000000048Bh
0046c  test rdx,rdx
0046f  je 000000000000048Bh
00475  cmp rsp,[r15+20h]
0047c  jb 000000000000048Bh
00482  add rdx,8
00489  jmp rdx
0048b  mov rdx,0FFFFFFFFFFFFFFFFh
00492  jmp 0000000000000598h
; a call, 3 in registers
00497  mov rdx,[r15+38h]
0049e  mov rdx,[rdx+rax*8]
004a2  sub r13,1
004a6  jb 00000000000004CBh
004ac  test rdx,rdx
004af  je 00000000000004CBh
004b5  cmp rsp,[r15+20h]
004bc  jb 00000000000004CBh
004c2  add rdx,8
004c9  jmp rdx
004cb  mov rdx,0FFFFFFFFFFFFFFFFh
004d2  jmp 00000000000005E0h
; a call, 4 in registers
004d7  mov rdx,[r15+38h]
004de  mov rdx,[rdx+rax*8]
004e2  sub r13,1
004e6  jb 000000000000050Bh
004ec  test rdx,rdx
004ef  je 000000000000050Bh
004f5  cmp rsp,[r15+20h]
004fc  jb 000000000000050Bh
00502  add rdx,8
00509  jmp rdx
0050b  mov rdx,0FFFFFFFFFFFFFFFFh
00512  jmp 000000000000062Dh
; calls through jit_call, 0 in registers
00517  add rdx,[r15+10h]
0051e  sub rdx,r13
00521  mov [r15],rdx
00524  mov esi,eax
00526  lea rdx,[rsp+8]
0052b  mov rdi,[r15+30h]
0052f  mov rax,ADDR
00539  sub rsp,8
0053d  push r10
0053f  push r11
00541  call rax  ; jit_call
00543  pop r11
00545  pop r10
00547  add rsp,8
0054b  test rdx,rdx
0054e  jne 00000000000006CAh
00554  ret
; calls through jit_call, 1 in registers
00555  mov [rsp+8],rsi
0055a  add rdx,[r15+10h]
00561  sub rdx,r13
00564  mov [r15],rdx
00567  mov esi,eax
00569  lea rdx,[rsp+8]
0056e  mov rdi,[r15+30h]
00572  mov rax,ADDR
0057c  sub rsp,8
00580  push r10
00582  push r11
00584  call rax  ; jit_call
00586  pop r11
00588  pop r10
0058a  add rsp,8
0058e  test rdx,rdx
00591  jne 00000000000006CAh
00597  ret
; calls through jit_call, 2 in registers
00598  mov [rsp+8],rsi
0059d  mov [rsp+10h],rdi
005a2  add rdx,[r15+10h]
005a9  sub rdx,r13
005ac  mov [r15],rdx
005af  mov esi,eax
005b1  lea rdx,[rsp+8]
005b6  mov rdi,[r15+30h]
005ba  mov rax,ADDR
005c4  sub rsp,8
005c8  push r10
005ca  push r11
005cc  call rax  ; jit_call
005ce  pop r11
005d0  pop r10
005d2  add rsp,8
005d6  test rdx,rdx
005d9  jne 00000000000006CAh
005df  ret
; calls through jit_call, 3 in registers
005e0  mov [rsp+8],rsi
005e5  mov [rsp+10h],rdi
005ea  mov [rsp+18h],r8
005ef  add rdx,[r15+10h]
005f6  sub rdx,r13
005f9  mov [r15],rdx
005fc  mov esi,eax
005fe  lea rdx,[rsp+8]
00603  mov rdi,[r15+30h]
00607  mov rax,ADDR
00611  sub rsp,8
00615  push r10
00617  push r11
00619  call rax  ; jit_call
0061b  pop r11
0061d  pop r10
0061f  add rsp,8
00623  test rdx,rdx
00626  jne 00000000000006CAh
0062c  ret
; calls through jit_call, 4 in registers
0062d  mov [rsp+8],rsi
00632  mov [rsp+10h],rdi
00637  mov [rsp+18h],r8
0063c  mov [rsp+20h],r9
00641  add rdx,[r15+10h]
00648  sub rdx,r13
0064b  mov [r15],rdx
0064e  mov esi,eax
00650  lea rdx,[rsp+8]
00655  mov rdi,[r15+30h]
00659  mov rax,ADDR
00663  sub rsp,8
00667  push r10
00669  push r11
0066b  call rax  ; jit_call
0066d  pop r11
0066f  pop r10
00671  add rsp,8
00675  test rdx,rdx
00678  jne 00000000000006CAh
0067e  ret
; division by zero through jit_trap
0067f  mov rdi,[r15+30h]
00683  xor esi,esi
00685  mov rax,ADDR
0068f  call rax  ; jit_trap
00691  jmp 00000000000006CAh
; memory access out of bounds through jit_trap
00696  mov rdi,[r15+30h]
0069a  mov esi,1
0069f  mov rax,ADDR
006a9  call rax  ; jit_trap
006ab  jmp 00000000000006CAh
; stack overflow through jit_trap
006b0  mov rdi,[r15+30h]
006b4  mov esi,2
006b9  mov rax,ADDR
006c3  call rax  ; jit_trap
006c5  jmp 00000000000006CAh
; unwind to the entry from the interpreter
006ca  mov rsp,[r15+28h]
006ce  ret
