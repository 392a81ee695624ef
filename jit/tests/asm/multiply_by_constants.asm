function times_8 (asm, 204 bytes)
    00000  jmp 0000000000000027h
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
    00026  ret
; external entry (from the interpreter)
    00027  push rbp
    00028  mov rbp,rsp
    0002b  push rbx
    0002c  push r12
    0002e  push r13
    00030  push r14
    00032  push r15
    00034  mov r12,rdi
    00037  mov r15,ADDR
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

function times_3 (asm, 205 bytes)
    00000  jmp 0000000000000028h
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
    00027  ret
; external entry (from the interpreter)
    00028  push rbp
    00029  mov rbp,rsp
    0002c  push rbx
    0002d  push r12
    0002f  push r13
    00031  push r14
    00033  push r15
    00035  mov r12,rdi
    00038  mov r15,ADDR
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

function times_5 (asm, 205 bytes)
    00000  jmp 0000000000000028h
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
    00027  ret
; external entry (from the interpreter)
    00028  push rbp
    00029  mov rbp,rsp
    0002c  push rbx
    0002d  push r12
    0002f  push r13
    00031  push r14
    00033  push r15
    00035  mov r12,rdi
    00038  mov r15,ADDR
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

function times_9 (asm, 205 bytes)
    00000  jmp 0000000000000028h
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
    00027  ret
; external entry (from the interpreter)
    00028  push rbp
    00029  mov rbp,rsp
    0002c  push rbx
    0002d  push r12
    0002f  push r13
    00031  push r14
    00033  push r15
    00035  mov r12,rdi
    00038  mov r15,ADDR
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

function times_minus_1 (asm, 203 bytes)
    00000  jmp 0000000000000026h
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
    00025  ret
; external entry (from the interpreter)
    00026  push rbp
    00027  mov rbp,rsp
    0002a  push rbx
    0002b  push r12
    0002d  push r13
    0002f  push r14
    00031  push r15
    00033  mov r12,rdi
    00036  mov r15,ADDR
    00040  push qword ptr [r15+28h]
    00047  mov r14,8
    00051  mov r13,[r15+10h]
    00058  sub r13,[r15]
    0005f  lea rax,[0A4h]
    00066  push rax
    00067  mov [r15+28h],rsp
    0006e  sub rsp,8
    00072  mov rdx,rsi
    00075  sub rsp,10h
    0007c  mov rsi,[rdx]
    00083  call 8
    00088  xor edx,edx
    0008a  lea rsp,[rbp-30h]
    00091  pop rcx
    00092  mov [r15+28h],rcx
    00099  pop r15
    0009b  pop r14
    0009d  pop r13
    0009f  pop r12
    000a1  pop rbx
    000a2  pop rbp
    000a3  ret
    000a4  lea rbp,[rsp+30h]
    000ac  mov edx,1
    000b1  lea rsp,[rbp-30h]
    000b8  pop rcx
    000b9  mov [r15+28h],rcx
    000c0  pop r15
    000c2  pop r14
    000c4  pop r13
    000c6  pop r12
    000c8  pop rbx
    000c9  pop rbp
    000ca  ret

function times_7 (asm, 207 bytes)
    00000  jmp 000000000000002Ah
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
    00029  ret
; external entry (from the interpreter)
    0002a  push rbp
    0002b  mov rbp,rsp
    0002e  push rbx
    0002f  push r12
    00031  push r13
    00033  push r14
    00035  push r15
    00037  mov r12,rdi
    0003a  mov r15,ADDR
    00044  push qword ptr [r15+28h]
    0004b  mov r14,8
    00055  mov r13,[r15+10h]
    0005c  sub r13,[r15]
    00063  lea rax,[0A8h]
    0006a  push rax
    0006b  mov [r15+28h],rsp
    00072  sub rsp,8
    00076  mov rdx,rsi
    00079  sub rsp,10h
    00080  mov rsi,[rdx]
    00087  call 8
    0008c  xor edx,edx
    0008e  lea rsp,[rbp-30h]
    00095  pop rcx
    00096  mov [r15+28h],rcx
    0009d  pop r15
    0009f  pop r14
    000a1  pop r13
    000a3  pop r12
    000a5  pop rbx
    000a6  pop rbp
    000a7  ret
    000a8  lea rbp,[rsp+30h]
    000b0  mov edx,1
    000b5  lea rsp,[rbp-30h]
    000bc  pop rcx
    000bd  mov [r15+28h],rcx
    000c4  pop r15
    000c6  pop r14
    000c8  pop r13
    000ca  pop r12
    000cc  pop rbx
    000cd  pop rbp
    000ce  ret

