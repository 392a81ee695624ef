function times_8 (asm, 205 bytes)
    00000  jmp 0000000000000024h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 5: mul
    00013  shl rsi,3
; line 6: ret
    00017  mov rax,rsi
    0001a  mov rsp,rbp
    0001d  pop rbp
    0001e  ret
; unwind to the entry from the interpreter
    0001f  mov rsp,[r15+28h]
    00023  ret
; external entry (from the interpreter)
    00024  push rbp
    00025  mov rbp,rsp
    00028  push rbx
    00029  push r12
    0002b  push r13
    0002d  push r14
    0002f  push r15
    00031  mov r15,ADDR
    0003b  mov [r15+30h],rdi
    00042  push qword ptr [r15+28h]
    00049  mov r14,8
    00053  mov r13,[r15+10h]
    0005a  sub r13,[r15]
    00061  lea rax,[0A6h]
    00068  push rax
    00069  mov [r15+28h],rsp
    00070  sub rsp,8
    00074  mov rdx,rsi
    00077  sub rsp,10h
    0007e  mov rsi,[rdx]
    00085  call 8
    0008a  xor edx,edx
    0008c  lea rsp,[rbp-30h]
    00093  pop rcx
    00094  mov [r15+28h],rcx
    0009b  pop r15
    0009d  pop r14
    0009f  pop r13
    000a1  pop r12
    000a3  pop rbx
    000a4  pop rbp
    000a5  ret
    000a6  lea rbp,[rsp+30h]
    000ae  mov edx,1
    000b3  lea rsp,[rbp-30h]
    000ba  pop rcx
    000bb  mov [r15+28h],rcx
    000c2  pop r15
    000c4  pop r14
    000c6  pop r13
    000c8  pop r12
    000ca  pop rbx
    000cb  pop rbp
    000cc  ret

function times_3 (asm, 206 bytes)
    00000  jmp 0000000000000025h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 9: mul
    00013  lea rsi,[rsi+rsi*2]
; line 10: ret
    00018  mov rax,rsi
    0001b  mov rsp,rbp
    0001e  pop rbp
    0001f  ret
; unwind to the entry from the interpreter
    00020  mov rsp,[r15+28h]
    00024  ret
; external entry (from the interpreter)
    00025  push rbp
    00026  mov rbp,rsp
    00029  push rbx
    0002a  push r12
    0002c  push r13
    0002e  push r14
    00030  push r15
    00032  mov r15,ADDR
    0003c  mov [r15+30h],rdi
    00043  push qword ptr [r15+28h]
    0004a  mov r14,8
    00054  mov r13,[r15+10h]
    0005b  sub r13,[r15]
    00062  lea rax,[0A7h]
    00069  push rax
    0006a  mov [r15+28h],rsp
    00071  sub rsp,8
    00075  mov rdx,rsi
    00078  sub rsp,10h
    0007f  mov rsi,[rdx]
    00086  call 8
    0008b  xor edx,edx
    0008d  lea rsp,[rbp-30h]
    00094  pop rcx
    00095  mov [r15+28h],rcx
    0009c  pop r15
    0009e  pop r14
    000a0  pop r13
    000a2  pop r12
    000a4  pop rbx
    000a5  pop rbp
    000a6  ret
    000a7  lea rbp,[rsp+30h]
    000af  mov edx,1
    000b4  lea rsp,[rbp-30h]
    000bb  pop rcx
    000bc  mov [r15+28h],rcx
    000c3  pop r15
    000c5  pop r14
    000c7  pop r13
    000c9  pop r12
    000cb  pop rbx
    000cc  pop rbp
    000cd  ret

function times_5 (asm, 206 bytes)
    00000  jmp 0000000000000025h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 13: mul
    00013  lea rsi,[rsi+rsi*4]
; line 14: ret
    00018  mov rax,rsi
    0001b  mov rsp,rbp
    0001e  pop rbp
    0001f  ret
; unwind to the entry from the interpreter
    00020  mov rsp,[r15+28h]
    00024  ret
; external entry (from the interpreter)
    00025  push rbp
    00026  mov rbp,rsp
    00029  push rbx
    0002a  push r12
    0002c  push r13
    0002e  push r14
    00030  push r15
    00032  mov r15,ADDR
    0003c  mov [r15+30h],rdi
    00043  push qword ptr [r15+28h]
    0004a  mov r14,8
    00054  mov r13,[r15+10h]
    0005b  sub r13,[r15]
    00062  lea rax,[0A7h]
    00069  push rax
    0006a  mov [r15+28h],rsp
    00071  sub rsp,8
    00075  mov rdx,rsi
    00078  sub rsp,10h
    0007f  mov rsi,[rdx]
    00086  call 8
    0008b  xor edx,edx
    0008d  lea rsp,[rbp-30h]
    00094  pop rcx
    00095  mov [r15+28h],rcx
    0009c  pop r15
    0009e  pop r14
    000a0  pop r13
    000a2  pop r12
    000a4  pop rbx
    000a5  pop rbp
    000a6  ret
    000a7  lea rbp,[rsp+30h]
    000af  mov edx,1
    000b4  lea rsp,[rbp-30h]
    000bb  pop rcx
    000bc  mov [r15+28h],rcx
    000c3  pop r15
    000c5  pop r14
    000c7  pop r13
    000c9  pop r12
    000cb  pop rbx
    000cc  pop rbp
    000cd  ret

function times_9 (asm, 206 bytes)
    00000  jmp 0000000000000025h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 17: mul
    00013  lea rsi,[rsi+rsi*8]
; line 18: ret
    00018  mov rax,rsi
    0001b  mov rsp,rbp
    0001e  pop rbp
    0001f  ret
; unwind to the entry from the interpreter
    00020  mov rsp,[r15+28h]
    00024  ret
; external entry (from the interpreter)
    00025  push rbp
    00026  mov rbp,rsp
    00029  push rbx
    0002a  push r12
    0002c  push r13
    0002e  push r14
    00030  push r15
    00032  mov r15,ADDR
    0003c  mov [r15+30h],rdi
    00043  push qword ptr [r15+28h]
    0004a  mov r14,8
    00054  mov r13,[r15+10h]
    0005b  sub r13,[r15]
    00062  lea rax,[0A7h]
    00069  push rax
    0006a  mov [r15+28h],rsp
    00071  sub rsp,8
    00075  mov rdx,rsi
    00078  sub rsp,10h
    0007f  mov rsi,[rdx]
    00086  call 8
    0008b  xor edx,edx
    0008d  lea rsp,[rbp-30h]
    00094  pop rcx
    00095  mov [r15+28h],rcx
    0009c  pop r15
    0009e  pop r14
    000a0  pop r13
    000a2  pop r12
    000a4  pop rbx
    000a5  pop rbp
    000a6  ret
    000a7  lea rbp,[rsp+30h]
    000af  mov edx,1
    000b4  lea rsp,[rbp-30h]
    000bb  pop rcx
    000bc  mov [r15+28h],rcx
    000c3  pop r15
    000c5  pop r14
    000c7  pop r13
    000c9  pop r12
    000cb  pop rbx
    000cc  pop rbp
    000cd  ret

function times_minus_1 (asm, 204 bytes)
    00000  jmp 0000000000000023h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 21: mul
    00013  neg rsi
; line 22: ret
    00016  mov rax,rsi
    00019  mov rsp,rbp
    0001c  pop rbp
    0001d  ret
; unwind to the entry from the interpreter
    0001e  mov rsp,[r15+28h]
    00022  ret
; external entry (from the interpreter)
    00023  push rbp
    00024  mov rbp,rsp
    00027  push rbx
    00028  push r12
    0002a  push r13
    0002c  push r14
    0002e  push r15
    00030  mov r15,ADDR
    0003a  mov [r15+30h],rdi
    00041  push qword ptr [r15+28h]
    00048  mov r14,8
    00052  mov r13,[r15+10h]
    00059  sub r13,[r15]
    00060  lea rax,[0A5h]
    00067  push rax
    00068  mov [r15+28h],rsp
    0006f  sub rsp,8
    00073  mov rdx,rsi
    00076  sub rsp,10h
    0007d  mov rsi,[rdx]
    00084  call 8
    00089  xor edx,edx
    0008b  lea rsp,[rbp-30h]
    00092  pop rcx
    00093  mov [r15+28h],rcx
    0009a  pop r15
    0009c  pop r14
    0009e  pop r13
    000a0  pop r12
    000a2  pop rbx
    000a3  pop rbp
    000a4  ret
    000a5  lea rbp,[rsp+30h]
    000ad  mov edx,1
    000b2  lea rsp,[rbp-30h]
    000b9  pop rcx
    000ba  mov [r15+28h],rcx
    000c1  pop r15
    000c3  pop r14
    000c5  pop r13
    000c7  pop r12
    000c9  pop rbx
    000ca  pop rbp
    000cb  ret

function times_7 (asm, 208 bytes)
    00000  jmp 0000000000000027h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 25: mul
    00013  imul rsi,7
; line 26: ret
    0001a  mov rax,rsi
    0001d  mov rsp,rbp
    00020  pop rbp
    00021  ret
; unwind to the entry from the interpreter
    00022  mov rsp,[r15+28h]
    00026  ret
; external entry (from the interpreter)
    00027  push rbp
    00028  mov rbp,rsp
    0002b  push rbx
    0002c  push r12
    0002e  push r13
    00030  push r14
    00032  push r15
    00034  mov r15,ADDR
    0003e  mov [r15+30h],rdi
    00045  push qword ptr [r15+28h]
    0004c  mov r14,8
    00056  mov r13,[r15+10h]
    0005d  sub r13,[r15]
    00064  lea rax,[0A9h]
    0006b  push rax
    0006c  mov [r15+28h],rsp
    00073  sub rsp,8
    00077  mov rdx,rsi
    0007a  sub rsp,10h
    00081  mov rsi,[rdx]
    00088  call 8
    0008d  xor edx,edx
    0008f  lea rsp,[rbp-30h]
    00096  pop rcx
    00097  mov [r15+28h],rcx
    0009e  pop r15
    000a0  pop r14
    000a2  pop r13
    000a4  pop r12
    000a6  pop rbx
    000a7  pop rbp
    000a8  ret
    000a9  lea rbp,[rsp+30h]
    000b1  mov edx,1
    000b6  lea rsp,[rbp-30h]
    000bd  pop rcx
    000be  mov [r15+28h],rcx
    000c5  pop r15
    000c7  pop r14
    000c9  pop r13
    000cb  pop r12
    000cd  pop rbx
    000ce  pop rbp
    000cf  ret

